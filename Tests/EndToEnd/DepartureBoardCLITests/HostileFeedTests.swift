import BoardBench
import SourceAssembly
import Foundation
import GTFSFeedBuilder
import Testing
import TestTiming

/// Hostile timetable zips through `departure-board gtfs import` as a user runs it, with the
/// product's own limits (not a test's small caps): each is refused with a message naming the
/// member, in bounded time and memory (the child's own peak RSS), and the last good
/// store stays byte for byte with nothing left beside it.
@Suite struct HostileFeedTests {
    /// A 1.5 GiB member would be far past these if anything held a member in memory. A debug
    /// build's import of a small feed peaks at 21 MiB, a refused one at 19–21 (the lying bomb
    /// too, which inflates 300 MiB to disk first); a sanitizer's runtime adds its shadow
    /// memory, so there only the difference counts (and under ASan, whose quarantine keeps
    /// freed memory, nothing).
    static let memoryCeilingKiB = 48 * 1024
    static let aboveAGoodImportKiB = 16 * 1024

    struct MeasuredRun {
        var status: Int32
        var stderr: String
        var peakKiB: Int
        var seconds: Double
    }

    /// The child's own peak (VmHWM at its exit, as `bench` reads it): wait4's ru_maxrss would
    /// also count this test process's pages, which posix_spawn's child starts from.
    static func measured(_ arguments: [String], stderrPath: String) async throws -> MeasuredRun {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                let probe = ProcessProbe(executable: CLI.binary.path, scratch: "/tmp")
                let figures = probe.measure(arguments, stderrPath: stderrPath)
                continuation.resume(
                    returning: MeasuredRun(
                        status: figures.exitStatus, stderr: (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "",
                        peakKiB: figures.peakKiB,
                        seconds: figures.firstFrame.map { Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18 } ?? 0))
            }
        }
    }

    static let feed = GTFSFeedBuilder.members([
        "agency.txt": "agency_id,agency_name,agency_url,agency_timezone\nA,Trains,https://example.invalid,Australia/Sydney\n",
        "stops.txt": "stop_id,stop_name\nCEN,Central\nNTH,North Sydney\n",
        "routes.txt": "route_id,route_short_name,route_long_name,route_type\nR1,T1,North Shore,2\n",
        "calendar.txt":
            "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWK,1,1,1,1,1,1,1,20260101,20271231\n",
        "trips.txt": "route_id,service_id,trip_id,trip_headsign\nR1,WK,t1,Hornsby\n",
        "stop_times.txt":
            "trip_id,arrival_time,departure_time,stop_id,stop_sequence\nt1,09:40:00,09:40:00,CEN,1\nt1,09:48:00,09:48:00,NTH,2\n",
    ])

    static func without(_ name: String) -> [(name: String, bytes: [UInt8])] { feed.filter { $0.name != name } }

    /// What each hostile zip is, how it is built, and what the error must say.
    static let cases: [(name: String, member: String?, build: @Sendable (String) throws -> Void, says: String)] = [
        (
            "declared-bomb.zip", nil,
            {
                try GTFSFeedBuilder.writeBombZip(
                    members: without("stop_times.txt"), bomb: "stop_times.txt",
                    mebibytes: 1_536, to: $0)
            },
            "stop_times.txt: declares 1.5 GiB uncompressed, over the 1 GiB limit for one member"
        ),
        (
            "lying-bomb.zip", nil,
            {
                try GTFSFeedBuilder.writeBombZip(
                    members: without("stop_times.txt"), bomb: "stop_times.txt",
                    mebibytes: 1_536, declaredSize: 1_000, to: $0)
            },
            "stop_times.txt: expands to more than 200 times its compressed"
        ),
        (
            "nested-bomb.zip", "rail.zip",
            { path in
                try GTFSFeedBuilder.writeBombZip(
                    members: without("stop_times.txt"), bomb: "stop_times.txt",
                    mebibytes: 1_536, declaredSize: 1_000, to: path + ".inner")
                defer { unlink(path + ".inner") }
                let inner = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path + ".inner")))
                try GTFSFeedBuilder.writeZip(members: [("rail.zip", inner)], to: path, stored: true)
            }, "rail.zip/stop_times.txt: expands to more than 200 times its compressed"
        ),
        (
            "dot-dot.zip", nil, { try GTFSFeedBuilder.writeZip(members: feed + [("../../etc/cron.d/x", [0x41])], to: $0) },
            "../../etc/cron.d/x"
        ),
        (
            "absolute.zip", nil, { try GTFSFeedBuilder.writeZip(members: feed + [("/tmp/stops.txt", [0x41])], to: $0) },
            "/tmp/stops.txt"
        ),
        (
            "truncated.zip", nil,
            { path in
                try GTFSFeedBuilder.writeZip(members: feed, to: path)
                let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
                try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
            }, "not a zip archive, or a truncated one"
        ),
        (
            "empty-member.zip", nil, { try GTFSFeedBuilder.writeZip(members: without("stops.txt") + [("stops.txt", [])], to: $0) },
            "stops.txt"
        ),
        (
            "zips-only.zip", nil,
            { path in
                try GTFSFeedBuilder.writeZip(members: feed, to: path + ".inner")
                defer { unlink(path + ".inner") }
                let inner = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path + ".inner")))
                try GTFSFeedBuilder.writeZip(members: [("gtfs/bus.zip", inner), ("gtfs/rail.zip", inner)], to: path)
            }, "the zip holds other zips: gtfs/bus.zip, gtfs/rail.zip"
        ),
    ]

    @Test(arguments: 0..<cases.count)
    func refusedByNameInBoundedTimeAndMemoryKeepingTheStore(index: Int) async throws {
        let hostile = Self.cases[index]
        let scratch = try ScratchDirectory()
        try GTFSFeedBuilder.writeZip(members: Self.feed, to: scratch.path("good.zip"))
        try """
        name: Central
        source:
          kind: gtfs
          store: \(scratch.path("board.sqlite"))
          stop_ids: [CEN]\(hostile.member.map { "\n  schedule_member: " + $0 } ?? "")
        """.write(toFile: scratch.path("board.yaml"), atomically: true, encoding: .utf8)
        // The good store is imported without the member setting: it is a plain feed.
        try """
        name: Central
        source: {kind: gtfs, store: \(scratch.path("board.sqlite")), stop_ids: [CEN]}
        """.write(toFile: scratch.path("plain.yaml"), atomically: true, encoding: .utf8)
        let good = try await Self.measured(
            ["gtfs", "import", scratch.path("good.zip"), "--board", scratch.path("plain.yaml")],
            stderrPath: scratch.path("good.err"))
        try #require(good.status == 0, "\(good.stderr)")
        try #require(good.peakKiB > 0, "the child's peak could not be read (ptrace refused?)")
        let before = try Data(contentsOf: URL(fileURLWithPath: scratch.path("board.sqlite")))

        try hostile.build(scratch.path(hostile.name))
        let run = try await Self.measured(
            ["gtfs", "import", scratch.path(hostile.name), "--board", scratch.path("board.yaml")],
            stderrPath: scratch.path("hostile.err"))
        print(
            "hostile \(hostile.name): exit \(run.status), \(run.seconds) s, peak \(run.peakKiB / 1024) MiB "
                + "(a good import: \(good.peakKiB / 1024) MiB): \(run.stderr.trimmingCharacters(in: .whitespacesAndNewlines))")
        #expect(run.status != 0 && run.status < 128, "exit \(run.status)")
        #expect(run.stderr.contains(hostile.says), "\(run.stderr)")
        #expect(!run.stderr.contains("Error Domain"), "\(run.stderr)")
        if !TestTiming.underAddressSanitizer {
            #expect(TestTiming.underSanitizer || run.peakKiB < Self.memoryCeilingKiB, "peak \(run.peakKiB) KiB")
            #expect(run.peakKiB - good.peakKiB < Self.aboveAGoodImportKiB, "peak \(run.peakKiB) KiB, a good import \(good.peakKiB) KiB")
        }
        #expect(run.seconds < 60 * Double(TestTiming.slowdown), "\(run.seconds) s")
        #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path("board.sqlite"))) == before, "the last good store changed")
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted()
        #expect(
            left == ["board.sqlite", "board.yaml", "good.err", "good.zip", hostile.name, "hostile.err", "plain.yaml"].sorted(),
            "left behind: \(left)")
    }
}
