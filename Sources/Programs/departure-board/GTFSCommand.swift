import ArgumentParser
import BoardAssembly
import SourceAssembly
import BoardConfig
import GTFSSchedule
import HTTPFetch
import SystemFiles
#if canImport(Glibc)
import Glibc
#endif

/// `gtfs import FEED.zip --board B`: the GTFS side of a `kind: gtfs` board.
struct GTFSCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gtfs",
        abstract: "Work with GTFS feeds for boards with a `kind: gtfs` source.",
        subcommands: [GTFSImportCommand.self, GTFSStopsCommand.self]
    )
}

/// Reads an agency's GTFS zip and keeps what the board's stops need in the board's store.
/// The store is replaced only when the import succeeds; a running board picks it up at its
/// next refresh.
struct GTFSImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import GTFS timetables (a zip file or the agency's URL) into a board's local stores.",
        discussion: """
            Keeps the board's stops (a station covers its platforms), the trips that call \
            there, their routes, services and frequencies. Run it again when the agency \
            publishes a new timetable (or give the board a schedule_url and it does so \
            itself); the old store stays in place if the import fails. Without FEED, every \
            GTFS source of the board is imported from its own schedule_url; with FEED on a \
            board of several GTFS sources, --source says which one it is for.
            """
    )

    @Argument(
        help: ArgumentHelp(
            "The agency's GTFS zip: a file, or an http(s) URL (the board's API key is sent). Default: each GTFS source's schedule_url.",
            valueName: "FEED"))
    var feed: String?

    @Option(name: .long, help: ArgumentHelp("The board file (with at least one kind: gtfs source).", valueName: "FILE"))
    var board: String

    @Option(name: .long, help: ArgumentHelp("Which GTFS source: its place in sources: (0, 1, …) or its label.", valueName: "SOURCE"))
    var source: String?

    func run() async throws {
        let boardFile: BoardFile
        let targets: [Int]
        do {
            boardFile = try BoardSetup.loadBoardFile(path: board)
            targets = try TimetableImport.targets(board: boardFile, feed: feed, source: source)
        } catch {
            throw CLIFailure(error).exit()
        }
        // Each source on its own: one agency's failure does not keep the other's timetable old.
        var firstFailure: AssemblyError?
        for index in targets {
            let started = ContinuousClock.now
            do {
                let (summary, store) = try await TimetableImport.run(
                    board: boardFile, source: index, feed: feed,
                    proxyEnvironment: .ofThisProcess)
                Console.info(Self.report(summary, store: store, since: started))
                // Not a failure: the timetable is in place, in the feed's own words.
                if let problem = summary.translationsProblem { Console.warning("\(feed ?? "feed"): \(problem)") }
            } catch {
                let failure =
                    targets.count > 1 ? AssemblyError(error.kind, "\(boardFile.sectionName(ofSource: index)): \(error.message)") : error
                if targets.count > 1 { Console.error(failure.message) }
                firstFailure = firstFailure ?? failure
            }
        }
        if let firstFailure {
            throw targets.count > 1 ? ExitCode(CLIFailure(firstFailure).status.rawValue) : CLIFailure(firstFailure).exit()
        }
    }

    static func report(_ summary: GTFSImportSummary, store: String, since started: ContinuousClock.Instant) -> String {
        let elapsed = ContinuousClock.now - started
        let tenths = elapsed.components.seconds * 10 + elapsed.components.attoseconds / 100_000_000_000_000_000
        return """
            \(store): \(summary.boardStopTimes) departures at \(summary.boardStopIDs.count) stops \
            (\(summary.trips) trips, \(summary.routes) routes, \(summary.services) services, \
            \(summary.frequencies) frequencies\(summary.interpolatedCalls > 0 ? ", \(summary.interpolatedCalls) times interpolated" : "")\
            \(summary.translations > 0 ? ", \(summary.translations) translations" : "")) \
            from \(summary.stopTimesRowsRead) stop_times rows \
            in \(tenths / 10).\(tenths % 10) s, peak memory \(ProcessStatus.current()?["VmHWM"].map { String($0 / 1024) } ?? "?") MiB
            """
    }
}

/// Finds stop ids in a feed by name or position.
struct GTFSStopsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stops",
        abstract: "Find stop ids in a GTFS feed (a zip file or URL) by name or position.",
        discussion: """
            Prints one stop per line: stop_id, name, platform code and parent station; a \
            station's id covers all its platforms in a board's stop_ids.
            """
    )

    @Argument(help: ArgumentHelp("The agency's GTFS zip: a file or an http(s) URL.", valueName: "FEED"))
    var feed: String

    @Option(help: "Stops whose name contains this text (any case, accents ignored).")
    var name: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Sort by distance from this point (southern latitudes are negative: -33.88,151.21).", valueName: "LAT,LON"))
    var near: String?

    @Option(help: "The zip inside the zip, for feeds published several to a file.")
    var member: String?

    @Option(help: "How many stops to list.")
    var limit = 20

    @Option(help: ArgumentHelp("A board file whose API key settings are used to download a URL.", valueName: "FILE"))
    var board: String?

    func validate() throws {
        if name == nil && near == nil { throw ValidationError("Give --name TEXT, --near LAT,LON or both.") }
        if let near, Self.point(near) == nil {
            throw ValidationError("--near expects LAT,LON in degrees, e.g. -33.8832,151.2070; got '\(near)'.")
        }
        if limit < 1 { throw ValidationError("--limit must be at least 1.") }
    }

    static func point(_ text: String) -> (latitude: Double, longitude: Double)? {
        let parts = text.split(separator: ",").map { Double(String($0.filter { !$0.isWhitespace })) }
        guard parts.count == 2, let lat = parts[0], let lon = parts[1], (-90...90).contains(lat), (-180...180).contains(lon) else {
            return nil
        }
        return (lat, lon)
    }

    func run() async throws {
        let matches: [GTFSStopMatch]
        do {
            let boardFile = try board.map { path throws(AssemblyError) in try BoardSetup.loadBoardFile(path: path) }
            matches = try await StopSearch.run(
                feed: feed, name: name, near: near.flatMap(Self.point), member: member,
                limit: limit, board: boardFile,
                proxyEnvironment: .ofThisProcess)
        } catch {
            throw CLIFailure(error).exit()
        }
        guard !matches.isEmpty else {
            Console.info("no stops match")
            throw ExitCode(ExitStatus.nothingFound.rawValue)
        }
        StopSearch.lines(matches).forEach(Console.info)
    }
}
