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
struct GTFSImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a GTFS zip (a file or the agency's URL) into a board's local timetable store.",
        discussion: """
            Keeps the board's stops (a station covers its platforms), the trips that call \
            there, their routes, services and frequencies. Run it again when the agency \
            publishes a new timetable (or give the board a schedule_url and it does so \
            itself); the old store stays in place if the import fails.
            """
    )

    @Argument(help: ArgumentHelp("The agency's GTFS zip: a file, or an http(s) URL (the board's API key is sent).", valueName: "FEED"))
    var feed: String

    @Option(name: .long, help: ArgumentHelp("The board file (its source must be kind gtfs).", valueName: "FILE"))
    var board: String

    func run() async throws {
        do {
            let boardFile = try BoardSetup.loadBoardFile(path: board)
            let started = ContinuousClock.now
            let summary = try await TimetableImport.run(board: boardFile, feed: feed)
            Console.info(Self.report(summary, store: boardFile.source.gtfs?.storePath ?? "", since: started))
        } catch {
            throw CLIFailure(error).exit()
        }
    }

    static func report(_ summary: GTFSImportSummary, store: String, since started: ContinuousClock.Instant) -> String {
        let elapsed = ContinuousClock.now - started
        let tenths = elapsed.components.seconds * 10 + elapsed.components.attoseconds / 100_000_000_000_000_000
        return """
            \(store): \(summary.boardStopTimes) departures at \(summary.boardStopIDs.count) stops \
            (\(summary.trips) trips, \(summary.routes) routes, \(summary.services) services, \
            \(summary.frequencies) frequencies) from \(summary.stopTimesRowsRead) stop_times rows \
            in \(tenths / 10).\(tenths % 10) s, peak memory \(ProcessStatus.current()?["VmHWM"].map { String($0 / 1024) } ?? "?") MiB
            """
    }
}
