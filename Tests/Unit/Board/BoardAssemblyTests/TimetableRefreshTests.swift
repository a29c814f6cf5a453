import BoardAssembly
import SourceAssembly
import DeparturesCore
import Foundation
import GTFSFeedBuilder
import GTFSSchedule
import LoopbackHTTPServer
import Locking
import Testing
import BoardRuntime

/// A running GTFS board re-imports its published timetable beside the draw loop: frames keep
/// arriving when the clock moves while the download and import run, and the new store is
/// then served. The server holds the zip's last byte until a frame has come while the
/// download was under way, so the check never depends on how fast this machine imports.
@MainActor
struct TimetableRefreshTests {
    @Test(.timeLimit(.minutes(3)))
    func theBoardKeepsDrawingWhileItsTimetableReimports() async throws {
        let scratch = try Scratch()
        // The board starts on a small timetable; the agency has published a large one, large
        // enough that its import (which passes over rows of other stops quickly) spans several
        // minute boundaries of the loop below in a debug build on a busy machine.
        try LargeFeed(stopTimesRows: 5_000).write(to: scratch.file("small.zip"), folder: scratch.file("small"))
        let big = LargeFeed(stopTimesRows: 600_000)
        try big.write(to: scratch.file("big.zip"), folder: scratch.file("big"))
        let published = Array(try Data(contentsOf: URL(fileURLWithPath: scratch.file("big.zip"))))
        let drewWhileRefreshing = Locked(false)
        let server = try LoopbackHTTPServer { _ in
            .heldBody(status: 200, headers: [("ETag", "\"big\"")], body: published, release: { drewWhileRefreshing.withLock { $0 } })
        }
        defer { server.stop() }
        let store = scratch.file("board.gtfs.sqlite")
        try GTFSImporter(stopIDs: ["R0-S0"]).importFeed(zipPath: scratch.file("small.zip"), storePath: store)
        let boardPath = try scratch.write(
            "board.yaml",
            """
            name: Big Transit
            timezone: Australia/Sydney
            source: {kind: gtfs, stop_ids: ["R0-S0"], store: board.gtfs.sqlite, schedule_url: "\(server.baseURL)/gtfs.zip"}
            display: {width: 256, height: 64, format: gray4}
            """)
        let clock = ManualBoardClock(now: Repository.now)
        let running = try RunningBoard(
            path: boardPath, output: .imageFile(scratch.file("frame.png")), clock: clock,
            logger: Repository.quietLogger)
        running.coordinator.start()
        defer { running.coordinator.stop() }

        // The first refresh finds the store and starts the check in the background.
        func importing() -> Bool {
            ((try? FileManager.default.contentsOfDirectory(atPath: scratch.path)) ?? []).contains { $0.contains(".download-") }
        }
        var waited = 0
        while !importing() && waited < 3000 {
            try await Task.sleep(for: .milliseconds(10))
            waited += 1
        }
        #expect(importing(), "the download and import should have started")

        // Each minute the clock moves, the header clock changes: a frame must follow while importing.
        var framesWhileImporting = 0
        while importing() {
            // Advance only once both loops are parked on the clock, so neither starts a sleep after the boundary.
            var parked = 0
            while clock.sleeperCount < 2 && parked < 1500 {
                try await Task.sleep(for: .milliseconds(10))
                parked += 1
            }
            let before = running.coordinator.framesPresented
            clock.advance(by: .seconds(60))
            var spins = 0
            while running.coordinator.framesPresented == before && spins < 1500 {
                try await Task.sleep(for: .milliseconds(10))
                spins += 1
            }
            if running.coordinator.framesPresented > before && importing() {
                framesWhileImporting += 1
                drewWhileRefreshing.withLock { $0 = true }
            }
            if spins >= 1500 {
                Issue.record(
                    "no frame within 15 s of a minute boundary during the import (\(framesWhileImporting) so far, wakeups \(running.coordinator.wakeups), sleepers \(clock.sleeperCount), refreshing \(running.viewModel.isRefreshing), \(running.viewModel.state(at: clock.now).status))"
                )
            }
        }
        #expect(framesWhileImporting >= 1)

        // The new store is in place and a later refresh serves it.
        // T200 calls at R0-S0 only in the large timetable (the small one has 100 routes, so 100 trips).
        #expect(try GTFSStore(path: store).hasTrip(tripID: LargeFeed.tripID(200)), "the large timetable was imported")
    }
}
