import ArgumentParser
import BoardAssembly
import BoardConfig
import GTFSSchedule
import SystemFiles
#if canImport(Glibc)
import Glibc
#endif

/// `gtfs import FEED.zip --board B`: the GTFS side of a `kind: gtfs` board.
struct GTFSCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gtfs",
        abstract: "Work with GTFS feeds for boards with a `kind: gtfs` source.",
        subcommands: [GTFSImportCommand.self]
    )
}

/// Reads an agency's GTFS zip and keeps what the board's stops need in the board's store.
/// The store is replaced only when the import succeeds; a running board picks it up at its
/// next refresh.
struct GTFSImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a GTFS zip into a board's local timetable store.",
        discussion: """
            Keeps the board's stops (a station covers its platforms), the trips that call \
            there, their routes, services and frequencies. Run it again when the agency \
            publishes a new timetable; the old store stays in place if the import fails.
            """
    )

    @Argument(help: ArgumentHelp("The agency's GTFS zip.", valueName: "FEED.zip"))
    var feed: String

    @Option(name: .long, help: ArgumentHelp("The board file (its source must be kind gtfs).", valueName: "FILE"))
    var board: String

    func run() throws {
        do {
            try importFeed()
        } catch {
            throw error.exit()
        }
    }

    private func importFeed() throws(CLIFailure) {
        let boardFile: BoardFile
        do {
            boardFile = try BoardSetup.loadBoardFile(path: board)
        } catch {
            throw CLIFailure(error)
        }
        guard boardFile.source.kind == .gtfs, let gtfs = boardFile.source.gtfs else {
            throw CLIFailure(.configError, "\(boardFile.path): source.kind: is \(boardFile.source.kind.rawValue); "
                             + "gtfs import needs a board with kind: gtfs")
        }
        let started = ContinuousClock.now
        let summary: GTFSImportSummary
        do {
            summary = try GTFSImporter(stopIDs: Set(gtfs.stopIDs)).importFeed(zipPath: feed, storePath: gtfs.storePath)
        } catch {
            throw CLIFailure(.dataError, "\(feed): \(error)")
        }
        let elapsed = ContinuousClock.now - started
        let tenths = elapsed.components.seconds * 10 + elapsed.components.attoseconds / 100_000_000_000_000_000
        Console.info("""
            \(gtfs.storePath): \(summary.boardStopTimes) departures at \(summary.boardStopIDs.count) stops \
            (\(summary.trips) trips, \(summary.routes) routes, \(summary.services) services, \
            \(summary.frequencies) frequencies) from \(summary.stopTimesRowsRead) stop_times rows \
            in \(tenths / 10).\(tenths % 10) s, peak memory \(ProcessStatus.current()?["VmHWM"].map { String($0 / 1024) } ?? "?") MiB
            """)
    }
}
