import BoardConfig
import DeparturesCore
import ZoneInfo

/// Turns a board file (and command-line overrides) into the running parts: zone, source,
/// use case and view model. The one place that knows both the config and the core.
struct BoardAssembly {
    /// Where departures come from when the command line overrides the board's source.
    enum SourceOverride: Equatable {
        case none
        case file(String)
        case api(baseURL: String, stopID: String)
    }

    static let defaultBoardPath = "Boards/preview.yaml"

    let board: BoardFile
    let zone: TimeZoneRules
    let override: SourceOverride

    static func loadBoard(path: String?) throws(CLIFailure) -> BoardFile {
        let loader = BoardFileLoader(zoneExists: { ZoneInfoDatabase.system.contains($0) })
        do {
            return try loader.load(path: path ?? defaultBoardPath)
        } catch {
            throw CLIFailure(.configError, error.description)
        }
    }

    init(board: BoardFile, override: SourceOverride) throws(CLIFailure) {
        self.board = board
        self.override = override
        do {
            zone = try TimeZoneRules.load(board.timezone)
        } catch {
            throw CLIFailure(.configError, "\(board.path): timezone: \(error)")
        }
    }

    /// True when the departures come from a local file the user controls: data that breaks
    /// the contract is then an input error (exit 65), not a source outage.
    var readsLocalFile: Bool {
        switch override {
        case .file: return true
        case .api: return false
        case .none: return board.source.kind == .file
        }
    }

    func repository(clock: any BoardClock) -> any DeparturesRepository {
        let source = board.source
        switch override {
        case .file(let path):
            return FileDeparturesRepository(path: path)
        case .api(let baseURL, let stopID):
            return httpRepository(baseURL: baseURL, stopID: stopID)
        case .none:
            switch source.kind {
            case .demo:
                return DemoDeparturesRepository(calendar: ServiceDayCalendar(zone: zone), clock: clock)
            case .file:
                return FileDeparturesRepository(path: source.filePath ?? "")
            case .api:
                return httpRepository(baseURL: source.baseURL ?? "", stopID: source.stopID ?? "")
            }
        }
    }

    private func httpRepository(baseURL: String, stopID: String) -> HTTPDeparturesRepository {
        let source = board.source
        let apiKey = source.apiKey.map { key -> APIKey in
            switch key {
            case .environment(let name): return APIKey(header: source.apiKeyHeader, source: .environment(name))
            case .file(let path): return APIKey(header: source.apiKeyHeader, source: .file(path))
            }
        }
        return HTTPDeparturesRepository(settings: .init(
            baseURL: baseURL, stopID: stopID, apiKey: apiKey,
            requestTimeout: source.requestTimeout, resourceTimeout: source.resourceTimeout,
            maxResponseBytes: source.maxResponseBytes))
    }

    var rules: DepartureRules {
        DepartureRules(calendar: ServiceDayCalendar(zone: zone),
                       departedGrace: board.departures.departedGrace,
                       limit: board.departures.limit)
    }

    var policy: RefreshPolicy {
        RefreshPolicy(interval: board.source.refreshInterval,
                      maxBackoff: board.departures.maxBackoff,
                      staleLimit: board.departures.staleLimit)
    }

    @MainActor
    func viewModel(clock: any BoardClock) -> BoardViewModel {
        BoardViewModel(
            boardName: board.name,
            useCase: LoadDeparturesUseCase(repository: repository(clock: clock), rules: rules),
            clock: clock, policy: policy)
    }
}
