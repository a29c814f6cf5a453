import Foundation
import GTFSFeedBuilder
import LoopbackHTTPServer
import SQLite
import SeededRandom
import Locking
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// "Nothing lost on power loss": the real binary is SIGKILLed at a random moment of a GTFS
/// import (from a file and through the board's download path) and of a PNG/JSON render,
/// hundreds of times. After every kill the store or output is the previous good version or
/// the new one, whole (SQLite: integrity_check ok and exactly one version's rows), never
/// missing, torn or empty; the next start serves the last good data; no temporaries pile up.
///
/// Kill moments are uniform over a complete run's measured duration, drawn from a seeded
/// generator: `POWER_LOSS_SEED=<seed>` replays a run, `POWER_LOSS_TRIALS=<n>` sets the trials
/// per scenario. SIGKILL stops the process, not the kernel, so this proves the order of the
/// writes; the fsyncs that carry the same order through a power cut are in AtomicFile.
@Suite(.serialized) struct PowerLossTests {
    static let now = "2026-11-23T09:30:00+11:00"
    static let seed: UInt64 =
        ProcessInfo.processInfo.environment["POWER_LOSS_SEED"].flatMap { UInt64($0) }
        ?? UInt64.random(in: 1...UInt64(UInt32.max))
    static let trialsAsked = ProcessInfo.processInfo.environment["POWER_LOSS_TRIALS"].flatMap { Int($0) }

    /// `trials` kills, or fewer when the time runs out first: on 2 cores shared with the rest
    /// of the suite a run can take ten times as long, and the file should stay within a minute.
    static func plan(_ trials: Int, seconds: Int) -> (trials: Int, budget: Duration?) {
        trialsAsked.map { ($0, nil) } ?? (trials, .seconds(seconds))
    }

    @Test func killedGTFSImportFromAFile() async throws {
        let tally = try await onOwnThread { try Self.importScenario(overHTTP: false, plan: Self.plan(150, seconds: 22)) }
        tally.report()
    }

    @Test func killedGTFSImportFromAURL() async throws {
        let tally = try await onOwnThread { try Self.importScenario(overHTTP: true, plan: Self.plan(100, seconds: 15)) }
        tally.report()
    }

    @Test func killedRenderToPNGAndJSON() async throws {
        let tally = try await onOwnThread { try Self.renderScenario(plan: Self.plan(150, seconds: 12)) }
        tally.report()
    }
}

// MARK: - Scenarios

extension PowerLossTests {
    /// Two timetables that differ in every trip's headsign.
    enum Version: Int, Sendable {
        case a, b
        var other: Version { self == .a ? .b : .a }
        var headsign: String { self == .a ? "Alpha" : "Bravo" }
        var etag: String { self == .a ? "\"feed-a\"" : "\"feed-b\"" }
    }

    /// `gtfs import FEED.zip` (or the agency's URL, served here) alternating between two feed
    /// versions: each trial imports the one the store does not hold.
    static func importScenario(overHTTP: Bool, plan: (trials: Int, budget: Duration?)) throws -> Tally {
        let name = overHTTP ? "gtfs import URL" : "gtfs import FEED.zip"
        var tally = Tally(
            name: name, seed: seed, planned: plan.trials, budget: plan.budget,
            points: overHTTP
                ? ["before", "downloading", "importing", "after", "finished"]
                : ["before", "importing", "after", "finished"])
        var random = SplitMix64(state: seed ^ (overHTTP ? 0xB0B : 0xA11))
        let scratch = try ScratchDirectory()
        let dir = scratch.url.path + "/"
        let store = dir + "board.sqlite", validatorsPath = store + ".source"
        var built: [Version: [UInt8]] = [:]
        for version in [Version.a, .b] {
            let path = dir + "feed-\(version.headsign).zip"
            var files = feed(version)
            // About 1.2 MB that does not compress (the importer skips shapes): a download long
            // enough for kills to land in it.
            if overHTTP { files["shapes.txt"] = noise(bytes: 1 << 20, random: &random) }
            try GTFSFeedBuilder.writeZip(files, to: path)
            built[version] = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        let zips = built
        let served = Locked(Version.a)
        let server = try LoopbackHTTPServer(recordRequests: false) { _ in
            let version = served.withLock { $0 }
            return .respond(status: 200, headers: [("ETag", version.etag), ("Content-Type", "application/zip")], body: zips[version]!)
        }
        defer { server.stop() }
        let board = dir + "board.yaml"
        // The zone named, so a download into a board without a store can start.
        try "name: Power\ntimezone: Australia/Sydney\nsource:\n  kind: gtfs\n  store: \(store)\n  stop_ids: [\(boardStop)]\n"
            .write(toFile: board, atomically: true, encoding: .utf8)
        func arguments(_ version: Version) -> [String] {
            served.withLock { $0 = version }
            return ["gtfs", "import", overHTTP ? server.baseURL + "/feed.zip" : dir + "feed-\(version.headsign).zip", "--board", board]
        }
        func litter(pid: pid_t? = nil) -> [String] {
            scratch.names().filter {
                isTemporary($0, prefix: "board.sqlite.importing-", pid: pid) || isTemporary($0, prefix: "board.sqlite.download-", pid: pid)
                    || (isTemporary($0, prefix: ".board.sqlite.source.", pid: pid) && $0.hasSuffix(".tmp"))
            }
        }

        // Complete runs first: the reference contents of both versions, and how long a run takes.
        var fingerprints: [Version: String] = [:]
        var durations: [Duration] = []
        for version in [Version.a, .b, .a] {
            let run = try Child.run(arguments(version), log: dir + "run.log")
            guard run.exitStatus == 0 else { throw Failure("\(name) \(version): \(run) \(scratch.text("run.log"))") }
            durations.append(run.elapsed)
            fingerprints[version] = try storeFingerprint(store)
        }
        guard fingerprints[.a] != fingerprints[.b] else { throw Failure("the two versions must differ in the store") }
        tally.measured(durations)
        var current = Version.a
        var validators = textIfPresent(validatorsPath)
        if overHTTP && validators == nil { throw Failure("no validators file after a download") }
        try renderCheck(board: board, version: current, scratch: scratch, tally: &tally)

        /// One import of the version the store does not hold, killed after `killAfter` (nil: a
        /// complete run), and the checks after it; false when the store is lost.
        func attempt(_ label: String, killAfter: Duration?) throws -> Bool {
            let next = current.other
            let run = try Child.run(arguments(next), log: dir + "run.log", killAfter: killAfter)
            let holds: Version?
            switch Result(catching: { try storeFingerprint(store) }) {
            case .success(let fingerprint) where fingerprint == fingerprints[current]: holds = current
            case .success(let fingerprint) where fingerprint == fingerprints[next]: holds = next
            case .success: holds = nil; tally.torn("\(label): the store holds neither version")
            case .failure(let error): holds = nil; tally.torn("\(label): the store does not open whole: \(error)")
            }
            guard let holds else { return false }
            let left = litter(pid: run.pid)
            if run.killed {
                tally.count(
                    holds == next
                        ? "after"
                        : left.contains { $0.contains("importing-") }
                            ? "importing"
                            : left.contains { $0.contains("download-") } ? "downloading" : "before")
            } else {
                if killAfter != nil { tally.count("finished") }
                if run.exitStatus != 0 || holds != next {
                    tally.problem("\(label): a run that finished must import \(next): \(run) \(scratch.text("run.log"))")
                } else {
                    tally.completed(run.elapsed)
                }
            }
            if overHTTP {
                // Absent only before the first download; else old or new, whole, and never newer than the store.
                let now = textIfPresent(validatorsPath)
                if let problem = checkValidators(
                    now, previous: validators, next: next, storeHolds: holds,
                    url: server.baseURL + "/feed.zip")
                {
                    tally.torn("\(label): \(problem)")
                }
                validators = now
            }
            current = holds
            tally.noteLitter(litter(), afterSuccess: !run.killed && run.exitStatus == 0, label: label)
            return true
        }

        for trial in 1...plan.trials {
            guard tally.hasTime else { break }
            tally.trials += 1
            guard try attempt("trial \(trial)", killAfter: tally.randomDelay(&random)) else { break }
            if trial % 20 == 0 {
                // A complete run now and then: it re-measures the kill window, which follows the
                // load of a shared machine, and must leave no temporaries.
                guard try attempt("the complete run after trial \(trial)", killAfter: nil) else { break }
                try renderCheck(board: board, version: current, scratch: scratch, tally: &tally)
            }
        }
        // A last complete run: whatever the kills left, nothing remains, and a fresh start shows it.
        if try attempt("the last complete run", killAfter: nil) {
            try renderCheck(board: board, version: current, scratch: scratch, tally: &tally)
        }
        tally.finish()
        return tally
    }

    /// `render --output out.png` and `--output out.json`, in turn, each alternating between two
    /// departures files: every output is compared byte for byte with a complete run's.
    static func renderScenario(plan: (trials: Int, budget: Duration?)) throws -> Tally {
        var tally = Tally(
            name: "render PNG/JSON", seed: seed, planned: plan.trials, budget: plan.budget,
            points: ["before", "writing", "after", "finished"])
        var random = SplitMix64(state: seed ^ 0xC0C)
        let scratch = try ScratchDirectory()
        let dir = scratch.url.path + "/"
        let previewBoard = CLI.packageRoot.appendingPathComponent("Boards/preview.yaml").path
        for version in [Version.a, .b] {
            try departures(version).write(toFile: dir + "departures-\(version.headsign).json", atomically: true, encoding: .utf8)
        }
        func arguments(_ version: Version, _ output: String) -> [String] {
            [
                "render", "--board", previewBoard, "--departures", dir + "departures-\(version.headsign).json",
                "--now", now, "--output", dir + output,
            ]
        }
        func litter(_ output: String, pid: pid_t? = nil) -> [String] {
            scratch.names().filter { isTemporary($0, prefix: ".\(output).", pid: pid) && $0.hasSuffix(".tmp") }
        }

        let outputs = ["out.png", "out.json"]
        var references: [String: [Version: [UInt8]]] = [:]
        var durations: [Duration] = []
        for output in outputs {
            for version in [Version.b, .a] {
                let run = try Child.run(arguments(version, output), log: dir + "run.log")
                guard run.exitStatus == 0 else { throw Failure("render \(version): \(run) \(scratch.text("run.log"))") }
                durations.append(run.elapsed)
                references[output, default: [:]][version] = try scratch.bytes(output)
            }
            guard references[output]?[.a] != references[output]?[.b] else { throw Failure("\(output): the versions must differ") }
        }
        tally.measured(durations)
        var current: [String: Version] = ["out.png": .a, "out.json": .a]

        /// One render of `output` in the version it does not hold, killed after `killAfter` (nil: a
        /// complete run), and the checks after it; false when the output is lost.
        func attempt(_ output: String, _ label: String, killAfter: Duration?) throws -> Bool {
            let old = current[output]!, next = old.other
            let run = try Child.run(arguments(next, output), log: dir + "run.log", killAfter: killAfter)
            let bytes = try? scratch.bytes(output)
            let holds: Version? = bytes == references[output]![old] ? old : bytes == references[output]![next] ? next : nil
            guard let holds else {
                tally.torn("\(label): \(output) is " + (bytes.map { "\($0.count) bytes of neither version" } ?? "missing"))
                return false
            }
            if run.killed {
                tally.count(holds == next ? "after" : !litter(output, pid: run.pid).isEmpty ? "writing" : "before")
            } else {
                if killAfter != nil { tally.count("finished") }
                if run.exitStatus != 0 || holds != next {
                    tally.problem("\(label): a render that finished must write \(next): \(run) \(scratch.text("run.log"))")
                } else {
                    tally.completed(run.elapsed)
                }
            }
            current[output] = holds
            tally.noteLitter(litter(output), afterSuccess: !run.killed && run.exitStatus == 0, label: label)
            return true
        }

        trials: for trial in 1...plan.trials {
            guard tally.hasTime else { break }
            tally.trials += 1
            guard try attempt(outputs[trial % 2], "trial \(trial)", killAfter: tally.randomDelay(&random)) else { break }
            if trial % 20 == 0 {
                // Complete runs now and then re-measure the kill window and must leave no temporaries.
                for output in outputs {
                    guard try attempt(output, "the complete run after trial \(trial)", killAfter: nil) else { break trials }
                }
            }
        }
        for output in outputs {
            _ = try attempt(output, "the last complete run", killAfter: nil)
        }
        tally.finish()
        return tally
    }

    /// A fresh start serves the last good timetable: exit 0, its rows, not an error state.
    static func renderCheck(board: String, version: Version, scratch: ScratchDirectory, tally: inout Tally) throws {
        let run = try Child.run(
            ["render", "--board", board, "--now", now, "--output", scratch.path("check.txt")],
            log: scratch.path("check.log"))
        let text = scratch.text("check.txt")
        tally.renderChecks += 1
        if run.exitStatus != 0 || !text.contains("09:55") || !text.contains(version.headsign)
            || text.contains(version.other.headsign)
        {
            tally.problem("render after \(tally.trials) trials must show \(version.headsign): \(run) \(text) \(scratch.text("check.log"))")
        }
    }

    /// The validators file (`<store>.source`): absent only before the first download, else the
    /// previous text or a whole new one for the feed being imported, and only once the store
    /// holds that feed (it is saved after the store is in place).
    static func checkValidators(_ text: String?, previous: String?, next: Version, storeHolds: Version, url: String) -> String? {
        guard let text else { return previous == nil ? nil : "the validators file disappeared" }
        if text == previous { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count == 4, lines[0] == "url \(url)", lines[1] == "etag \(next.etag)",
            lines[2].hasPrefix("checked "), Double(lines[2].dropFirst(8)) != nil, lines[3].isEmpty
        else {
            return "the validators file is torn: \(text.debugDescription)"
        }
        return storeHolds == next ? nil : "the validators name \(next) while the store holds \(storeHolds)"
    }
}
