import DeparturesCore
import Foundation
import Testing

struct InstantParserTests {
    @Test(arguments: [
        ("2026-10-04T08:00:00+11:00", 1_791_061_200.0),
        ("2026-10-04T08:00+1100", 1_791_061_200.0),
        ("2026-10-03T21:00:00Z", 1_791_061_200.0),
        ("2026-10-03T21:00:00.25Z", 1_791_061_200.25),
        ("2026-10-04T08:00:00", 1_791_061_200.0),  // board zone (Sydney, AEDT)
        ("2026-10-04 08:00", 1_791_061_200.0),
        ("2026-07-01T08:00:00", 1_782_856_800.0),  // board zone (Sydney, AEST)
    ])
    func parses(text: String, seconds: Double) throws {
        #expect(try InstantParser.parse(text, zone: Fixtures.sydney).timeIntervalSince1970 == seconds)
    }

    @Test(arguments: [
        "", "tomorrow", "2026-13-01T00:00:00Z", "2026-02-30T00:00:00Z", "2026-10-04T24:00:00Z",
        "2026-10-04T08:00:00+1", "2026-10-04T08:00:00Zjunk", "2026-10-04",
    ])
    func rejects(text: String) {
        #expect(throws: InstantParser.Failure.self) { try InstantParser.parse(text, zone: Fixtures.sydney) }
    }
}
