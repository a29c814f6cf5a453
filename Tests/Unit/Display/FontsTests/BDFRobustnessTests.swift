import SeededRandom
import Testing
@testable import BoardRender

@Suite("BDF robustness")
struct BDFRobustnessTests {
    /// Loading must either succeed or throw a diagnostic that names the file and a real line.
    func check(_ bytes: [UInt8], lineCount: Int) {
        do {
            let font = try BDFFont(bytes: bytes, file: "fuzz.bdf")
            for scalar in ["A", "g", " ", "Z"] as [Unicode.Scalar] {
                let glyph = font.glyph(for: scalar)
                #expect(glyph.coverage.count == glyph.width * glyph.height)
            }
        } catch {
            #expect(error.file == "fuzz.bdf")
            if let line = error.line { #expect((1...lineCount + 1).contains(line), "\(error)") }
        }
    }

    @Test func truncatedAtEveryLine() {
        let lines = Fixtures.tinyLines
        var accepted = 0
        for count in 0...lines.count {
            let text = lines.prefix(count).joined(separator: "\n")
            check(Array(text.utf8), lineCount: lines.count)
            if (try? BDFFont(parsing: text, file: "t.bdf")) != nil { accepted += 1 }
        }
        #expect(accepted == 1)  // only the complete font ends in ENDFONT
    }

    @Test func truncatedAtEveryByte() {
        let bytes = Array(Fixtures.tiny.utf8)
        for count in 0...bytes.count { check(Array(bytes.prefix(count)), lineCount: Fixtures.tinyLines.count) }
    }

    @Test(arguments: [1, 2, 3, 42, 2024])
    func randomByteMutations(seed: UInt64) {
        var rng = SplitMix64(state: seed)
        let original = Array(Fixtures.tiny.utf8)
        // Bytes that steer the parser into interesting branches, plus arbitrary (often invalid UTF-8) ones.
        let interesting = Array("0123456789ABCDEF -\n\"\r\t".utf8) + [0x00, 0x80, 0xC3, 0xFF]
        for _ in 0..<400 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let at = Int.random(in: 0..<bytes.count, using: &rng)
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: bytes[at] = interesting.randomElement(using: &rng)!
                case 1: bytes[at] = UInt8.random(in: 0...255, using: &rng)
                case 2: bytes.remove(at: at)
                default: bytes.insert(interesting.randomElement(using: &rng)!, at: at)
                }
            }
            check(bytes, lineCount: bytes.count { $0 == 10 })
        }
    }

    @Test func hugeNumbersAreErrorsNotAllocations() {
        for replacement in [
            "BBX 99999999999999999999 7 0 0", "BBX 256 256 0 0", "CHARS 9223372036854775807",
            "DWIDTH -99999 0", "ENCODING 1114112",
        ] {
            let line =
                replacement.hasPrefix("CHARS")
                ? 11
                : replacement.hasPrefix("ENCODING")
                    ? 20
                    : replacement.hasPrefix("DWIDTH") ? 22 : 23
            #expect(throws: FontError.self, "\(replacement)") {
                try BDFFont(parsing: Fixtures.tiny(replacing: line, with: replacement), file: "h.bdf")
            }
        }
    }
}
