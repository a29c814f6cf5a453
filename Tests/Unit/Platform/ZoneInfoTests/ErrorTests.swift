import SeededRandom
import Testing
@testable import ZoneInfo

@Suite struct ErrorTests {
    @Test func unknownZone() {
        #expect(throws: ZoneInfoError.unknownZone("Mars/Olympus_Mons")) { try TimeZoneRules.load("Mars/Olympus_Mons") }
        #expect(!ZoneInfoDatabase.system.contains("Mars/Olympus_Mons"))
        // A directory is not a zone.
        #expect(throws: ZoneInfoError.unknownZone("America")) { try TimeZoneRules.load("America") }
        #expect(throws: ZoneInfoError.unknownZone("UTC")) {
            try TimeZoneRules.load("UTC", from: ZoneInfoDatabase(directory: "/nonexistent/zoneinfo"))
        }
    }

    @Test(arguments: [
        "../etc/passwd", "/etc/localtime", "", "Foo\u{0}", "Europe/../../etc/passwd", "Europe/Lon don",
        "Europe/London\n", "Zürich", String(repeating: "A", count: 256),
    ])
    func invalidIdentifier(identifier: String) {
        #expect(throws: ZoneInfoError.invalidIdentifier(identifier)) { try TimeZoneRules.load(identifier) }
        #expect(!ZoneInfoDatabase.system.contains(identifier))
    }

    @Test func validIdentifiersAccepted() {
        #expect(ZoneInfoDatabase.system.contains("Australia/Sydney"))
        #expect(ZoneInfoDatabase.system.contains("Etc/GMT+5"))
        #expect(ZoneInfoDatabase.system.contains("America/Port-au-Prince"))
        #expect(ZoneInfoDatabase(directory: "/usr/share/zoneinfo/").contains("UTC"))
    }

    static func sydneyBytes() throws -> [UInt8] {
        try ZoneInfoDatabase.system.readFile(for: "Australia/Sydney")
    }

    /// Overwrites a big-endian 32-bit field.
    static func patch(_ bytes: inout [UInt8], at offset: Int, _ value: UInt32) {
        for i in 0..<4 { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(3 - i))) }
    }

    static func expectMalformed(_ bytes: [UInt8], mentioning fragment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try TimeZoneRules(identifier: "Test/Bad", tzif: bytes)
            Issue.record("expected .malformed mentioning \"\(fragment)\"", sourceLocation: sourceLocation)
        } catch {
            guard case .malformed(let identifier, let reason) = error else {
                Issue.record("wrong error \(error)", sourceLocation: sourceLocation)
                return
            }
            #expect(identifier == "Test/Bad", sourceLocation: sourceLocation)
            #expect(reason.contains(fragment), "reason was: \(reason)", sourceLocation: sourceLocation)
        }
    }

    @Test func malformedInputs() throws {
        let good = TZifBuilder().build()
        _ = try TimeZoneRules(identifier: "ok", tzif: good)

        Self.expectMalformed([], mentioning: "truncated header")
        Self.expectMalformed(Array("TZjf".utf8) + good.dropFirst(4), mentioning: "magic")
        Self.expectMalformed(Array(good.prefix(30)), mentioning: "truncated header")
        var version = good
        version[4] = UInt8(ascii: "1")
        Self.expectMalformed(version, mentioning: "version")

        // timecnt (offset 32) far beyond the data that follows.
        var counts = good
        Self.patch(&counts, at: 32, 1_000_000)
        Self.expectMalformed(counts, mentioning: "truncated")
        var noTypes = good
        Self.patch(&noTypes, at: 36, 0)
        Self.expectMalformed(noTypes, mentioning: "typecnt")
        var isut = good
        Self.patch(&isut, at: 20, 7)
        Self.expectMalformed(isut, mentioning: "isutcnt")

        var badIndex = TZifBuilder()
        badIndex.transitions = [0]
        badIndex.transitionTypes = [1]  // only type 0 exists
        Self.expectMalformed(badIndex.build(), mentioning: "type index")

        var unordered = TZifBuilder()
        unordered.transitions = [10, 5]
        unordered.transitionTypes = [0, 0]
        Self.expectMalformed(unordered.build(), mentioning: "ascending")

        var badFooter = TZifBuilder()
        badFooter.footer = "AEST-10AEDT,M10.1.0"
        Self.expectMalformed(badFooter.build(), mentioning: "footer")
        Self.expectMalformed(Array(good.dropLast()), mentioning: "footer")  // missing final newline
    }

    @Test func abbreviationIndexOutsideCharsBlock() throws {
        var bytes = TZifBuilder().build()
        // Locate the 64-bit block's single ttinfo: second header + 44 (no transitions); desigidx is its 6th byte.
        let secondHeader = try #require(Self.find(Array("TZif".utf8), in: bytes, after: 4))
        bytes[secondHeader + 44 + 5] = 200
        Self.expectMalformed(bytes, mentioning: "abbreviation index")
    }

    @Test func oversizedFileRejected() {
        let huge = TZifBuilder().build() + [UInt8](repeating: 0, count: ZoneInfoDatabase.maximumFileSize)
        Self.expectMalformed(huge, mentioning: "larger")
    }

    @Test func truncatingRealFileAtEveryLengthNeverCrashes() throws {
        let bytes = try Self.sydneyBytes()
        var failures = 0
        for length in 0..<bytes.count {
            do {
                _ = try TimeZoneRules(identifier: "Trunc", tzif: Array(bytes.prefix(length)))
            } catch {
                guard case .malformed = error else { Issue.record("unexpected \(error)"); return }
                failures += 1
            }
        }
        // Every strict prefix loses at least the footer's final newline.
        #expect(failures == bytes.count)
        _ = try TimeZoneRules(identifier: "Whole", tzif: bytes)
    }

    @Test(arguments: [UInt64(1), 42, 2026])
    func randomMutationsNeverCrash(seed: UInt64) throws {
        let original = try Self.sydneyBytes()
        var rng = SplitMix64(state: seed)
        var parsed = 0
        for _ in 0..<1_500 {
            var bytes = original
            for _ in 0..<(1 + rng.next(below: 4)) {
                bytes[rng.next(below: bytes.count)] = UInt8(truncatingIfNeeded: rng.next())
            }
            guard let rules = try? TimeZoneRules(identifier: "Fuzz", tzif: bytes) else { continue }
            parsed += 1
            // Whatever parsed must also be safe to query, including at the extremes.
            for t in [Int64.min, -1, 0, 1_791_043_200, 3_810_470_400, Int64.max, Int64(bitPattern: rng.next())] {
                _ = rules.abbreviation(atUnixSeconds: t)
                _ = rules.unixSeconds(for: rules.localDateTime(atUnixSeconds: t))
            }
        }
        #expect(parsed > 0)  // mutations in e.g. the v1 block still parse; proves queries ran
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], after start: Int) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        return (start...(haystack.count - needle.count)).first { Array(haystack[$0..<$0 + needle.count]) == needle }
    }
}
