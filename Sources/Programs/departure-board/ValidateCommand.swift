import ArgumentParser
import BoardAssembly
import SourceAssembly
import DeparturesCore
import HTTPFetch

/// `validate FILE…`: checks board files without running them; `--live` also asks their sources.
struct ValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check board files; print each problem with its file, line and key.",
        discussion: """
            With --live, each board's source is asked once, as the running board would: a GTFS \
            board reports its timetable and, per realtime feed, the header's age, the number of \
            entities and how many of its trips match the timetable. A live failure exits 74. \
            A timetable store the board downloads must be writable: by you, and with --service \
            by the installed service, which writes only in /var/lib/departure-board.
            """
    )

    @Argument(help: ArgumentHelp("Board files to check.", valueName: "FILE"))
    var files: [String]

    @Flag(help: "Also fetch each board's feeds once and report what came back.")
    var live = false

    @Flag(
        help: "Judge the board as the installed service would run it: a timetable store it downloads must be in /var/lib/departure-board.")
    var service = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Check as at this instant (ISO 8601): the timetable's end and, with --live, the feeds' age.", valueName: "ISO8601"))
    var now: String?

    func validate() throws {
        if files.isEmpty { throw ValidationError("Name at least one board file.") }
    }

    func run() async throws {
        var failures = 0, liveFailures = 0
        let proxies = ProxyEnvironment.ofThisProcess
        for file in files {
            let checked: CheckedBoard
            do {
                // Checking loads the zone and the display's fonts, so a missing or broken font shows before the board runs.
                checked = try CheckedBoard(path: file, proxyEnvironment: proxies)
            } catch {
                Console.error(error.description)
                failures += 1
                continue
            }
            var instant = SystemBoardClock().now
            if let now {
                do {
                    instant = try InstantParser.parse(now, zone: checked.setup.zone)
                } catch {
                    throw CLIFailure(.usage, "--now: \(error)").exit()
                }
            }
            var files = SourcePreflight.check(checked.board)
            files.warnings += SourcePreflight.proxyWarnings(checked.setup)
            let driver = HUB75Assembly.preflight(checked.board)
            files.errors += driver.errors
            files.warnings += driver.warnings
            files.warnings.forEach(Console.warning)
            if !files.errors.isEmpty {
                files.errors.forEach(Console.error)
                failures += 1
                continue
            }
            let store = GTFSStoreStatus.check(checked.board, now: instant)
            let unwritable = StoreFolderCheck.problems(checked.board, asService: service)
            if let problem = store.problem ?? unwritable.first {
                Console.error(problem)
                failures += 1
                continue
            }
            checked.warnings.forEach { Console.warning($0) }
            store.warnings.forEach { Console.warning("\(file): \($0)") }
            // One verdict per file: `ok` only when the live check (if asked) found nothing wrong.
            let lines = live ? await LiveCheck.run(checked.setup, now: instant) : []
            guard lines.contains(where: \.isProblem) else {
                Console.info("\(file): ok" + store.note)
                lines.forEach { Console.info("  \($0.text)") }
                continue
            }
            liveFailures += 1
            for line in lines {
                if line.isProblem { Console.error("\(file): live: \(line.text)") } else { Console.info("  \(line.text)") }
            }
            Console.info("\(file): the board file is valid, but the live check failed")
        }
        if failures > 0 { throw ExitCode(ExitStatus.configError.rawValue) }
        if liveFailures > 0 { throw ExitCode(ExitStatus.unavailable.rawValue) }
    }
}
