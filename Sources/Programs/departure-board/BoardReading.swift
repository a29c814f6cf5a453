import BoardConfig
import DeparturesCore
import HTTPFetch
import SourceAssembly

/// What `render` and `say` share: a board read, its source asked once at an instant, and
/// the state that leaves (a failed fetch still gives the error state, with a warning).
struct BoardReading {
    let setup: BoardSetup
    let clock: any BoardClock
    let state: BoardState

    /// `departures`: a local file in the API's format instead of the board's source;
    /// `apiBase` and `stop`: an API stop instead of it; `now`: ISO 8601, else the system clock.
    @MainActor
    static func read(
        board path: String?, departures: String?, apiBase: String? = nil, stop: String? = nil,
        now: String?
    ) async throws(CLIFailure) -> BoardReading {
        let override: BoardSetup.SourceOverride
        if let file = departures {
            // The user's own mistake, not a source failing at run time: refuse it, write nothing.
            do {
                try NamedInput.checkReadable(file, option: "--departures")
            } catch {
                throw CLIFailure(error)
            }
            override = .file(file)
        } else if let base = apiBase, let stop {
            override = .api(baseURL: base, stopID: stop)
        } else {
            override = .none
        }
        let setup: BoardSetup
        do {
            setup = try BoardSetup(path: path, override: override, proxyEnvironment: .ofThisProcess)
        } catch {
            throw CLIFailure(error)
        }
        let clock: any BoardClock
        if let text = now {
            do {
                clock = FixedBoardClock(now: try InstantParser.parse(text, zone: setup.zone))
            } catch {
                throw CLIFailure(.usage, "--now: \(error)")
            }
        } else {
            clock = SystemBoardClock()
        }
        let (state, lastError, fromLocalFile) = await setup.snapshot(clock: clock)
        if let error = lastError {
            if case .invalidData = error, fromLocalFile {
                throw CLIFailure(.dataError, error.description)
            }
            Console.warning(error.description)
        }
        return BoardReading(setup: setup, clock: clock, state: state)
    }
}
