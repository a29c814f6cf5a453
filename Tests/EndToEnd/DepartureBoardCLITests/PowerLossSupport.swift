// The power-loss test's data (two distinguishable timetable and output versions) and its
// harness (a killable child, the tally of where kills landed).
import Foundation
import GTFSFeedBuilder
import LoopbackHTTPServer
import SQLite
import SeededRandom
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

// MARK: - Data

extension PowerLossTests {
    static let boardStop = "R0S10"

    /// 5,000 stop_times rows (250 trips × 20 stops on 10 routes), every trip daily: big enough
    /// that an import takes tens of milliseconds. Route 0 leaves R0S10 every 30 min from 05:25.
    static func feed(_ version: Version) -> [String: String] {
        let routes = 10, stops = 20, tripsPerRoute = 25
        func time(_ secs: Int) -> String {
            func two(_ v: Int) -> String { v < 10 ? "0\(v)" : String(v) }
            return "\(two(secs / 3600)):\(two(secs / 60 % 60)):\(two(secs % 60))"
        }
        var stopsText = "stop_id,stop_name\n", trips = "route_id,service_id,trip_id,trip_headsign\n"
        var stopTimes = "trip_id,arrival_time,departure_time,stop_id,stop_sequence\n"
        for route in 0..<routes {
            for stop in 0..<stops { stopsText += "R\(route)S\(stop),Stop \(stop) of route \(route)\n" }
            for index in 0..<tripsPerRoute {
                let trip = "T\(route)-\(index)"
                trips += "R\(route),DAILY,\(trip),\(version.headsign) \(route)\n"
                for stop in 0..<stops {
                    let at = time(5 * 3600 + index * 1800 + stop * 150)
                    stopTimes += "\(trip),\(at),\(at),R\(route)S\(stop),\(stop + 1)\n"
                }
            }
        }
        return [
            "agency.txt": "agency_id,agency_name,agency_url,agency_timezone\nP,Power Transit,https://example.invalid,Australia/Sydney\n",
            "calendar.txt": "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\n"
                + "DAILY,1,1,1,1,1,1,1,20260101,20271231\n",
            "routes.txt": "route_id,route_short_name,route_type\n" + (0..<routes).map { "R\($0),\($0),3\n" }.joined(),
            "stops.txt": stopsText, "trips.txt": trips, "stop_times.txt": stopTimes,
        ]
    }

    /// Random hex digits, `bytes` of randomness in twice as many characters.
    static func noise(bytes: Int, random: inout SplitMix64) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes * 2 + bytes / 32)
        for index in 0..<bytes / 8 {
            var word = random.next()
            for _ in 0..<16 {
                text.append(digits[Int(word & 15)])
                word >>= 4
            }
            if index % 4 == 3 { text.append(10) }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// A departures file in the API's format whose rows differ between the versions.
    static func departures(_ version: Version) -> String {
        let rows = (0..<4).map { index in
            let secs = 34_500 + index * 420 + (version == .a ? 0 : 60)
            return #"{"trip_id": "t\#(index)", "route_short_name": "T\#(index + 1)", "headsign": "\#(version.headsign) \#(index)", "#
                + #""scheduled_time_secs": \#(secs), "realtime_time_secs": \#(secs), "delay_s": 0, "realtime": false}"#
        }
        return "{\"data\": [\n" + rows.joined(separator: ",\n") + "\n]}\n"
    }

    /// The store's contents as text, after `PRAGMA integrity_check`; without the import's time
    /// and source path, which differ between runs of one version.
    static func storeFingerprint(_ path: String) throws -> String {
        guard access(path, F_OK) == 0 else { throw Failure("missing") }
        let db = try Connection(path: path, mode: .readOnly)
        let check = try db.fetchAll("PRAGMA integrity_check") { $0.text(0) }
        guard check == ["ok"] else { throw Failure("integrity_check: \(check.prefix(3))") }
        var text = ""
        for table in try db.fetchAll("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name", row: { $0.text(0) }) {
            let filter = table == "feed_info" ? " WHERE key NOT IN ('imported_at', 'source')" : ""
            let rows = try db.fetchAll("SELECT * FROM \(table)\(filter)") { row in
                (0..<row.columnCount).map { String(describing: row.value($0)) }.joined(separator: "|")
            }
            text += "\(table)\n" + rows.sorted().joined(separator: "\n") + "\n"
        }
        try db.close()
        return text
    }
}

// MARK: - Harness

extension PowerLossTests {
    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// Counts and findings of one scenario; reported and asserted on the test's own task.
    struct Tally: Sendable {
        var name: String
        var seed: UInt64
        var planned: Int
        /// Wall time for the trials, unless POWER_LOSS_TRIALS asks for a number of them.
        var budget: Duration?
        var points: [String]
        var hits: [String: Int] = [:]
        var trials = 0, torn = 0, renderChecks = 0, maxLitter = 0, leftAfterSuccess = 0
        var problems: [String] = []
        /// Where kills fall: 0 up to the length of a complete run.
        var fullRun: Duration = .zero
        var shortestWindow: Duration = .seconds(3600), longestWindow: Duration = .zero
        /// The latest complete runs, which set `fullRun`.
        var recent: [Duration] = []
        let started = ContinuousClock.now
        var elapsed: Duration = .zero

        /// The first complete runs; the very first pays for a cold start and is not counted.
        mutating func measured(_ durations: [Duration]) {
            recent = Array(durations.dropFirst())
            updateWindow()
        }

        mutating func completed(_ duration: Duration) {
            recent = Array((recent + [duration]).suffix(5))
            updateWindow()
        }

        /// The slowest recent complete run, so the writes at a run's end fall inside too; at
        /// most 1.5 × their median, so one run stalled by a busy machine stretches nothing.
        private mutating func updateWindow() {
            let sorted = recent.sorted()
            fullRun = min(sorted.last!, sorted[sorted.count / 2] * 3 / 2)
            shortestWindow = min(shortestWindow, fullRun)
            longestWindow = max(longestWindow, fullRun)
        }

        /// Trials run whatever the budget says: on a loaded machine under TSan a complete URL
        /// import took 7 s and the budget ran out before the first trial, proving nothing.
        static let minimumTrials = 10

        var hasTime: Bool {
            trials < Self.minimumTrials || (budget.map { ContinuousClock.now - started < $0 } ?? true)
        }

        mutating func count(_ point: String) { hits[point, default: 0] += 1 }
        mutating func problem(_ text: String) { problems.append(text) }
        mutating func torn(_ text: String) {
            torn += 1
            problems.append(text)
        }

        /// Uniform over a complete run.
        func randomDelay(_ random: inout SplitMix64) -> Duration {
            .nanoseconds(
                Int64(
                    random.next(
                        below: max(
                            1,
                            Int(
                                fullRun.components.seconds * 1_000_000_000
                                    + fullRun.components.attoseconds / 1_000_000_000)))))
        }

        /// Temporaries may stay after a kill (the next run removes them), never after a run that finished.
        mutating func noteLitter(_ names: [String], afterSuccess: Bool, label: String) {
            maxLitter = max(maxLitter, names.count)
            if afterSuccess && !names.isEmpty {
                leftAfterSuccess += 1
                problem("\(label): temporaries left after a complete run: \(names)")
            }
        }

        mutating func finish() { elapsed = ContinuousClock.now - started }

        func report() {
            let seconds = { (d: Duration) in Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }
            let ms = { (d: Duration) in Int(seconds(d) * 1000) }
            let points = self.points.map { "\($0) \(hits[$0, default: 0])" }.joined(separator: ", ")
            let stopped = trials < planned ? " (of \(planned): the time budget ran out)" : ""
            print(
                "power loss, \(name): seed \(seed), \(trials) trials\(stopped), "
                    + "SIGKILL uniform over 0 to a complete run's \(ms(shortestWindow))–\(ms(longestWindow)) ms; "
                    + "killed \(points) (exited before the kill); torn, empty or missing: \(torn); "
                    + "most temporaries at once \(maxLitter), left after a complete run \(leftAfterSuccess); "
                    + (renderChecks > 0 ? "\(renderChecks) fresh renders showed the last good timetable; " : "")
                    + "\(String(format: "%.1f", seconds(elapsed))) s")
            #expect(trials > 0)
            #expect(torn == 0, "seed \(seed)")
            #expect(problems.isEmpty, "seed \(seed): \(problems.prefix(5).joined(separator: "\n"))")
        }
    }

    /// The binary, started with posix_spawn (stdout and stderr to `log`) and, when `killAfter`
    /// is given, SIGKILLed after that long unless it exited first.
    struct Child: CustomStringConvertible {
        var pid: pid_t
        var killed: Bool
        var exitStatus: Int32?
        var elapsed: Duration

        var description: String {
            killed ? "killed (pid \(pid))" : "exit \(exitStatus.map(String.init) ?? "by a signal") (pid \(pid))"
        }

        static func run(_ arguments: [String], log: String, killAfter: Duration? = nil) throws -> Child {
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
            let binary = CLI.binary.path
            let argv = ([binary] + arguments).map { strdup($0) } + [nil]
            defer { argv.forEach { free($0) } }
            let clock = ContinuousClock(), start = clock.now
            var pid = pid_t()
            let rc = posix_spawn(&pid, binary, &actions, nil, argv, environ)
            guard rc == 0 else { throw Failure("posix_spawn \(binary): \(String(cString: strerror(rc)))") }
            if let killAfter {
                let ns = killAfter.components.seconds * 1_000_000_000 + killAfter.components.attoseconds / 1_000_000_000
                // usleep, not nanosleep: timespec's initialisers are found in Glibc or in
                // CoreFoundation depending on the build, which MemberImportVisibility refuses.
                var left = ns / 1000
                while left > 0 {
                    let step = min(left, 900_000)
                    usleep(useconds_t(step))
                    left -= step
                }
                kill(pid, SIGKILL)  // a zombie (it exited first) ignores it
            }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            let elapsed = clock.now - start
            let signal = status & 0x7F, code = (status >> 8) & 0xFF
            return Child(pid: pid, killed: signal == SIGKILL, exitStatus: signal == 0 ? code : nil, elapsed: elapsed)
        }
    }
}

/// Runs blocking work (spawn, sleep, waitpid) on a thread of its own, never on a cooperative one.
func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result(catching: body)) }
        thread.start()
    }
}

extension ScratchDirectory {
    func names() -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [] }
    func bytes(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path(name)))) }
    func text(_ name: String) -> String { (try? read(name)) ?? "" }
}

/// `<prefix><pid>` then a non-digit: a temporary of that process (of any process when nil).
func isTemporary(_ name: String, prefix: String, pid: pid_t?) -> Bool {
    guard name.hasPrefix(prefix) else { return false }
    let rest = name.dropFirst(prefix.count)
    guard let pid else { return rest.first?.isNumber == true }
    return rest.hasPrefix(String(pid)) && rest.dropFirst(String(pid).count).first?.isNumber == false
}

func textIfPresent(_ path: String) -> String? {
    try? String(contentsOfFile: path, encoding: .utf8)
}
