/// Fetch → resolve → drop departed → sort → limit: the business rule between a source and
/// a board.
public struct LoadDeparturesUseCase: Sendable {
    public let repository: any DeparturesRepository
    public let rules: DepartureRules

    public init(repository: any DeparturesRepository, rules: DepartureRules) {
        self.repository = repository
        self.rules = rules
    }

    public func callAsFunction(now: Date) async throws(DeparturesError) -> [ResolvedDeparture] {
        try await load(now: now).departures
    }

    /// The rows with the source's alerts (kept whole: the board checks their periods per frame).
    public func load(now: Date) async throws(DeparturesError) -> (departures: [ResolvedDeparture], alerts: [ServiceAlert]) {
        let answer = try await repository.answer()
        return (rules.visible(rules.resolve(answer.departures, now: now), now: now), answer.alerts)
    }

    /// The source's notice for the board, if any (after a successful call).
    public func notice() async -> String? {
        await repository.notice()
    }

    /// The source's live-data health, after any call.
    public func health() async -> SourceHealth? {
        await repository.health()
    }
}
