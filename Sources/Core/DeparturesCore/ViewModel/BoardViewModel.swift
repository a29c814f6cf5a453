public import Observation
public import ZoneInfo

/// The board's view model: keeps each source's last good departures, refreshes each on its
/// own loop, and answers what to show at any instant.
///
/// Rows are stored as instants, not as text, so a board that cannot refresh keeps counting
/// down correctly; `state(at:)` applies the time rules for the frame being drawn.
@MainActor
@Observable
public final class BoardViewModel {
    /// What each source last said, in `sources` order.
    public private(set) var sourceStates: [SourceState]
    /// Each source's counters, for status pages only.
    @ObservationIgnored public private(set) var sourceStats: [SourceStats]

    public let boardName: String
    @ObservationIgnored public let sources: [BoardSource]
    /// The board's own rules: merged rows are sorted, cut and checked for reach by these.
    @ObservationIgnored public let rules: DepartureRules
    @ObservationIgnored private let clock: any BoardClock
    @ObservationIgnored private var loops: [Task<Void, Never>] = []
    @ObservationIgnored private var inFlight: [Task<Void, Never>?]
    /// Failures with a new cause and recoveries, in order, until the log takes them.
    @ObservationIgnored private var reports: [(source: Int, report: SourceReport)] = []
    /// Each source's last good departures, failures and backoff; `sourceStates` shows them.
    @ObservationIgnored let set: SourceSet<FetchedDepartures>
    @ObservationIgnored private var stopped = false
    /// Decides whether a refresh may fetch at an instant (operating hours); nil: always.
    /// Checked on every refresh, so no timing of other tasks can let a fetch through.
    @ObservationIgnored public var fetchGate: (@Sendable (Date) -> Bool)?

    /// A board of several sources; `rules` are the board's (its limit and `unreachable`).
    public init(
        boardName: String, sources: [BoardSource], rules: DepartureRules,
        clock: any BoardClock = SystemBoardClock()
    ) {
        self.boardName = boardName
        // A place's index is its position: rows and statuses find their source by it.
        self.sources = sources.enumerated().map { index, source in
            var source = source
            source.place.index = index
            return source
        }
        self.rules = rules
        self.clock = clock
        sourceStates = Array(repeating: SourceState(), count: sources.count)
        sourceStats = Array(repeating: SourceStats(), count: sources.count)
        inFlight = Array(repeating: nil, count: sources.count)
        set = SourceSet(
            self.sources.map { source in
                let useCase = source.useCase
                return (
                    source.place.name, source.policy,
                    { () async throws(DeparturesError) -> FetchedDepartures in
                        let fresh = try await useCase.load(now: clock.now)
                        return FetchedDepartures(departures: fresh.departures, alerts: fresh.alerts, notice: await useCase.notice())
                    }
                )
            }, clock: clock)
    }

    /// A board of one source, with no walk.
    public convenience init(
        boardName: String, useCase: LoadDeparturesUseCase,
        clock: any BoardClock = SystemBoardClock(), policy: RefreshPolicy = RefreshPolicy()
    ) {
        self.init(
            boardName: boardName, sources: [BoardSource(place: SourcePlace(), useCase: useCase, policy: policy)],
            rules: useCase.rules, clock: clock)
    }

    isolated deinit {
        for loop in loops { loop.cancel() }
        for task in inFlight { task?.cancel() }
    }

    /// Starts one refresh loop per source: refresh now, then after its interval (or backoff).
    /// The loops hold the view model weakly, so releasing the board ends them.
    public func start() {
        guard loops.isEmpty else { return }
        stopped = false
        let clock = clock
        loops = sources.indices.map { index in
            Task { [weak self] in
                while !Task.isCancelled {
                    guard let delay = await self?.refreshForLoop(index) else { return }
                    do { try await clock.sleep(for: delay) } catch { return }
                }
            }
        }
    }

    /// Ends the loops and any fetch in flight; nothing is fetched after this returns.
    public func stop() {
        stopped = true
        for loop in loops { loop.cancel() }
        loops = []
        for index in inFlight.indices {
            inFlight[index]?.cancel()
            inFlight[index] = nil
        }
    }

    public var isRunning: Bool { !loops.isEmpty }

    /// When a source is next due to be fetched (nil: at once, or never fetched yet).
    public func nextDue(source index: Int) -> Date? { set.members[index].polled.snapshot.nextDue }

    /// True while any fetch is in flight.
    public var isRefreshing: Bool { inFlight.contains { $0 != nil } }

    /// Refreshes every source now, together. A refresh already in flight is joined, never doubled.
    public func refresh() async {
        if sources.count == 1 { return await refresh(source: 0) }
        let tasks = sources.indices.map { index in Task { await self.refresh(source: index) } }
        for task in tasks { await task.value }
    }

    /// Refreshes one source now.
    public func refresh(source index: Int) async {
        guard !stopped else { return }
        if let fetchGate, !fetchGate(clock.now) { return }
        if let running = inFlight[index] {
            await running.value
            return
        }
        let (useCase, set) = (sources[index].useCase, set)
        let polled = set.members[index].polled
        let task = Task {
            let outcome = await set.poll(index)
            switch outcome {
            case .cancelled: return
            case .failed(let error, _, newCause: true): self.report(.failing(error), source: index)
            case .succeeded(ended: _?): self.report(.recovered, source: index)
            default: break
            }
            let health = await useCase.health()
            guard !Task.isCancelled else { return }
            self.sourceStats[index] = SourceStats(polled.snapshot, health: health)
            self.sourceStates[index] = SourceState(polled.snapshot)
        }
        inFlight[index] = task
        await task.value
        if inFlight[index] == task { inFlight[index] = nil }
    }

    /// What the log should say of the sources since it last asked: each new cause of failure
    /// and each recovery, once (the rule is `Polled`'s).
    public func takeReports() -> [(source: Int, report: SourceReport)] {
        defer { reports = [] }
        return reports
    }

    private func report(_ report: SourceReport, source index: Int) {
        // Bounded for boards nobody logs (a one-shot render): the newest matter.
        if reports.count >= 64 { reports.removeFirst() }
        reports.append((index, report))
    }

    private func refreshForLoop(_ index: Int) async -> Duration? {
        guard !stopped else { return nil }
        await refresh(source: index)
        return stopped ? nil : set.members[index].polled.delay
    }

    /// The board's zone: every time it shows is read in it.
    public var zone: TimeZoneRules { rules.calendar.zone }

    /// The state at the clock's current instant.
    public var currentState: BoardState { state(at: clock.now) }
}

/// The board as a whole, for callers that see it as one source (one-shot renders, status pages).
extension BoardViewModel {
    /// When any source last answered successfully.
    public var lastSuccess: Date? { sourceStates.compactMap(\.lastSuccess).max() }
    /// The first failing source's error, nil when none fails.
    public var lastError: DeparturesError? { sourceStates.lazy.compactMap(\.lastError).first }
    public var consecutiveFailures: Int { sourceStates.map(\.consecutiveFailures).max() ?? 0 }
    public var lastAttempt: Date? { sourceStats.compactMap(\.lastAttempt).max() }
    public var fetchCount: Int { sourceStats.reduce(0) { $0 + $1.fetchCount } }
    public var failureCount: Int { sourceStats.reduce(0) { $0 + $1.failureCount } }
    public var sourceHealth: SourceHealth? { sourceStats.lazy.compactMap(\.health).first }
}
