import Glibc
import Testing
@testable import ZoneInfo

/// Serialized because both tests mutate the process-wide TZ variable.
@Suite(.serialized) struct EnvironmentTests {
    static let zones = [
        "Australia/Sydney", "America/New_York", "Europe/London", "Australia/Lord_Howe",
        "Asia/Kolkata", "Pacific/Chatham", "America/Nuuk", "Asia/Jerusalem", "America/Sao_Paulo",
        "Europe/Dublin", "Africa/Casablanca", "Pacific/Apia", "America/St_Johns", "UTC",
    ]

    /// Runs `body` with TZ set to `value`, restoring the previous value afterwards.
    static func withTZ<T>(_ value: String, _ body: () throws -> T) rethrows -> T {
        let saved = getenv("TZ").map { String(cString: $0) }
        setenv("TZ", value, 1)
        tzset()
        defer {
            if let saved { setenv("TZ", saved, 1) } else { unsetenv("TZ") }
            tzset()
        }
        return try body()
    }

    struct Snapshot: Equatable {
        var offsets: [Int] = [], abbreviations: [String] = [], locals: [LocalDateTime] = [], instants: [Int64] = []
    }

    static func snapshot() throws -> Snapshot {
        var s = Snapshot()
        for id in zones {
            let rules = try zone(id)
            for t in stride(from: Int64(0), to: 4_102_444_800, by: 9_999_991) {
                s.offsets.append(rules.utcOffset(atUnixSeconds: t))
                s.abbreviations.append(rules.abbreviation(atUnixSeconds: t))
                let wall = rules.localDateTime(atUnixSeconds: t)
                s.locals.append(wall)
                s.instants.append(rules.unixSeconds(for: wall))
            }
        }
        return s
    }

    @Test func processTZDoesNotChangeResults() throws {
        let before = try Self.snapshot()
        let during = try Self.withTZ("America/Los_Angeles") { try Self.snapshot() }
        #expect(before == during)
        #expect(before.offsets.contains(39_600))  // sanity: snapshot has real data
    }

    /// Cross-checks against glibc's own TZif reader, which also applies footers.
    @Test(arguments: zones)
    func agreesWithGlibcLocaltime(identifier: String) throws {
        let rules = try zone(identifier)
        try Self.withTZ(":" + identifier) {
            var t: Int64 = -2_000_000_000  // 1906
            var mismatches = 0
            while t < 4_102_444_800 {  // 2100
                var raw = time_t(t)
                var parts = tm()
                try #require(localtime_r(&raw, &parts) != nil)
                let expected = LocalDateTime(
                    date: CivilDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday)),
                    hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: Int(parts.tm_sec))
                let glibcAbbreviation = parts.tm_zone.map { String(cString: $0) } ?? ""
                if rules.utcOffset(atUnixSeconds: t) != parts.tm_gmtoff || rules.localDateTime(atUnixSeconds: t) != expected
                    || rules.isDaylightSaving(atUnixSeconds: t) != (parts.tm_isdst > 0)
                    || rules.abbreviation(atUnixSeconds: t) != glibcAbbreviation
                {
                    mismatches += 1
                    if mismatches <= 3 {
                        Issue.record(
                            "\(identifier) @ \(t): ours \(rules.utcOffset(atUnixSeconds: t)) \(rules.abbreviation(atUnixSeconds: t)) glibc \(parts.tm_gmtoff) \(glibcAbbreviation)"
                        )
                    }
                }
                t += 100_003  // ~28 h, prime so the time of day drifts through every hour
            }
            #expect(mismatches == 0)
        }
    }
}
