import CSVStream
import SeededRandom
import Testing

/// Random tables written the RFC 4180 way (quoted where needed, mixed line ends) read back
/// the same in any chunking.
@Suite struct CSVRoundTripTests {
    static let alphabet: [String] = ["a", "Z", "0", " ", ",", "\"", "\n", "\r", "\r\n", "ü", "漢", "🚆", "\t"]

    static func field(_ random: inout SplitMix64) -> String {
        (0..<random.next(below: 6)).map { _ in alphabet[random.next(below: alphabet.count)] }.joined()
    }

    static func encode(_ field: String) -> String {
        let special = field.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" } || field.isEmpty
        return special ? "\"" + field.replacingQuotes() + "\"" : field
    }

    @Test(arguments: 0..<40)
    func randomTablesReadBack(seed: Int) throws {
        var random = SplitMix64(state: UInt64(seed))
        let width = 1 + random.next(below: 5)
        let table = (0..<(1 + random.next(below: 30))).map { _ in (0..<width).map { _ in Self.field(&random) } }
        let ends = ["\n", "\r\n", "\r"]
        var text = random.next(below: 2) == 0 ? "\u{FEFF}" : ""
        for row in table {
            text += row.map(Self.encode).joined(separator: ",") + ends[random.next(below: ends.count)]
        }
        if random.next(below: 2) == 0 { text.removeLast() }  // no line end after the last row
        for chunk in [1, 1 + random.next(below: 16), .max] {
            #expect(try rows(text, chunk: chunk, skipsBlankLines: false) == table, "seed \(seed), chunk \(chunk)")
        }
    }
}

extension String {
    func replacingQuotes() -> String {
        var out = ""
        for character in self { out += character == "\"" ? "\"\"" : String(character) }
        return out
    }
}
