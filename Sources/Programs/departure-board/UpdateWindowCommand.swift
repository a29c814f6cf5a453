import ArgumentParser
import BoardConfig
import DeparturesCore
import SourceAssembly
import ZoneInfo

/// `update-window`: is now inside the board's `updates.window`? The package updater asks
/// before it installs anything, so the board's quiet hours decide, in the board's own zone.
struct UpdateWindowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update-window",
        abstract: "Say whether now is inside the board's update window (exit 0) or not (exit 1).",
        discussion: """
            departure-board-update.timer asks this before it installs a new version. The \
            window is the board's updates.window (default 03:00-05:00) in the board's time \
            zone. Exits 0 inside, 1 outside, 78 for a board file that cannot be read.
            """
    )

    /// The installed service's board: the one the updater speaks for.
    static let serviceBoard = "/etc/departure-board/board.yaml"

    @Option(name: .long, help: ArgumentHelp("The board file (default: \(serviceBoard)).", valueName: "FILE"))
    var board: String = serviceBoard

    @Option(
        name: .long,
        help: ArgumentHelp("Judge this instant instead of now (ISO 8601; without an offset: the board's zone).", valueName: "ISO8601"))
    var now: String?

    func run() throws {
        let setup: BoardSetup
        do {
            setup = try BoardSetup(path: board)
        } catch {
            throw CLIFailure(error).exit()
        }
        var instant = SystemBoardClock().now
        if let now {
            do {
                instant = try InstantParser.parse(now, zone: setup.zone)
            } catch {
                throw CLIFailure(.usage, "--now: \(error)").exit()
            }
        }
        let time = setup.zone.localDateTime(atUnixSeconds: instant.unixSeconds).timeOfDay
        let windows = setup.board.updates.windows
        let named = windows.map(\.description).joined(separator: ", ")
        let zone = "\(setup.zone.identifier), now \(time)"
        if let window = setup.board.updates.window(containing: time) {
            Console.info("inside the update window \(window) (\(zone))")
            return
        }
        // The next start after now, within the coming day.
        let next = windows.min { minutesUntil($0.start, from: time) < minutesUntil($1.start, from: time) }
        Console.info("outside the update window \(named) (\(zone)); next opens at \(next.map { "\($0.start)" } ?? "-")")
        throw ExitCode(ExitStatus.nothingFound.rawValue)
    }

    private func minutesUntil(_ start: LocalTime, from time: LocalTime) -> Int {
        (start.minuteOfDay - time.minuteOfDay + 24 * 60) % (24 * 60)
    }
}
