import Foundation
import Testing
@testable import ZoneInfo

private let zicPath = "/usr/sbin/zic"

/// Slim TZif files carry only the transitions the footer cannot express;
/// this compiles our own zones with `zic -b slim` and checks they agree with
/// the distribution's (fat) files wherever the rules coincide.
@Suite(
    .enabled(
        if: FileManager.default.isExecutableFile(atPath: zicPath),
        "zic not found at /usr/sbin/zic; slim-file tests skipped"))
struct SlimZicTests {
    static let source = """
        # Rule NAME FROM TO  -  IN  ON      AT    SAVE LETTER
        Rule  AN   2008 max -  Apr Sun>=1  2:00s 0    S
        Rule  AN   2008 max -  Oct Sun>=1  2:00s 1:00 D
        Rule  US   2007 max -  Mar Sun>=8  2:00  1:00 D
        Rule  US   2007 max -  Nov Sun>=1  2:00  0    S
        Rule  LH   2008 max -  Apr Sun>=1  2:00  0    -
        Rule  LH   2008 max -  Oct Sun>=1  2:00  0:30 -
        # Zone NAME       STDOFF  RULES  FORMAT
        Zone  Test/Sydney 10:00   AN     AE%sT
        Zone  Test/NY     -5:00   US     E%sT
        Zone  Test/LH     10:30   LH     +1030/+11
        Zone  Test/India  5:30    -      IST

        """

    /// Compiles `source` into a fresh temp directory and returns it as a database.
    static func compile() throws -> (ZoneInfoDatabase, URL) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zoneinfo-slim-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let sourceFile = dir.appendingPathComponent("test.zi")
        try source.write(to: sourceFile, atomically: true, encoding: .utf8)
        let output = dir.appendingPathComponent("out")
        let zic = Process()
        zic.executableURL = URL(fileURLWithPath: zicPath)
        zic.arguments = ["-b", "slim", "-d", output.path, sourceFile.path]
        try zic.run()
        zic.waitUntilExit()
        try #require(zic.terminationStatus == 0, "zic failed")
        return (ZoneInfoDatabase(directory: output.path), dir)
    }

    @Test func slimFilesMatchSystemFiles() throws {
        let (database, dir) = try Self.compile()
        defer { try? FileManager.default.removeItem(at: dir) }

        for (slimName, systemName, fromYear) in [
            ("Test/Sydney", "Australia/Sydney", 2009), ("Test/NY", "America/New_York", 2008),
            ("Test/LH", "Australia/Lord_Howe", 2009), ("Test/India", "Asia/Kolkata", 1946),
        ] {
            let slim = try TimeZoneRules.load(slimName, from: database)
            let system = try zone(systemName)
            #expect(database.contains(slimName))
            // Slim: at most a handful of transitions, the rest comes from the footer.
            #expect(slim.transitions.count <= 4, "\(slimName) has \(slim.transitions.count) transitions")
            #expect(slim.footer != nil)

            var t = CivilDate(year: fromYear, month: 1, day: 1).daysSinceEpoch * 86_400
            let end = CivilDate(year: 2100, month: 1, day: 1).daysSinceEpoch * 86_400
            var mismatches = 0
            while t < end {
                if slim.utcOffset(atUnixSeconds: t) != system.utcOffset(atUnixSeconds: t)
                    || slim.abbreviation(atUnixSeconds: t) != system.abbreviation(atUnixSeconds: t)
                    || slim.isDaylightSaving(atUnixSeconds: t) != system.isDaylightSaving(atUnixSeconds: t)
                {
                    mismatches += 1
                    if mismatches < 5 { Issue.record("\(slimName) differs from \(systemName) at \(t)") }
                }
                t += 7_207  // ~2h, prime so samples drift across every transition hour
            }
            #expect(mismatches == 0)
        }
    }

    @Test func slimSydneyTransitionInstants() throws {
        let (database, dir) = try Self.compile()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sydney = try TimeZoneRules.load("Test/Sydney", from: database)
        #expect(sydney.utcOffset(atUnixSeconds: SydneyTests.dstStart - 1) == 36_000)
        #expect(sydney.utcOffset(atUnixSeconds: SydneyTests.dstStart) == 39_600)
        #expect(sydney.unixSeconds(for: local(2026, 4, 5, 2, 30)) == SydneyTests.dstEnd - 1_800)
    }
}
