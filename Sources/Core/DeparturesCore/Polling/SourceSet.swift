/// Several sources polled side by side, each by its own policy: each keeps its last good
/// value through its own failures and stands until its own stale limit, so one failing
/// source never blanks the others. A board's sources and a hub stop's `sources:` are one.
/// How the values are merged (rows by the rider's leave-by, a hub's calls one per trip)
/// stays with the caller; which of them stand is decided here.
public final class SourceSet<Value: Sendable>: Sendable {
    public typealias Fetch = @Sendable () async throws(DeparturesError) -> Value

    public struct Member: Sendable {
        /// How logs and status pages name it (`sources[1] (gtfs)`).
        public let name: String
        public let polled: Polled<Value, DeparturesError>
        fileprivate let fetch: Fetch
    }

    public let members: [Member]

    public init(_ members: [(name: String, policy: RefreshPolicy, fetch: Fetch)], clock: any BoardClock) {
        self.members = members.map { Member(name: $0.name, polled: Polled(policy: $0.policy, clock: clock), fetch: $0.fetch) }
    }

    /// Polls one member now; a poll already under way is waited for or skipped.
    @discardableResult
    public func poll(
        _ index: Int, whilePolling: Polled<Value, DeparturesError>.WhilePolling = .wait
    )
        async -> Polled<Value, DeparturesError>.Outcome
    {
        let member = members[index]
        return await member.polled.poll(whilePolling: whilePolling) { () throws(DeparturesError) in try await member.fetch() }
    }

    /// Polls together every member that is due, and returns what each did, in member order.
    public func pollDue() async -> [(index: Int, outcome: Polled<Value, DeparturesError>.Outcome)] {
        let outcomes = await withTaskGroup(of: (Int, Polled<Value, DeparturesError>.Outcome).self) { group in
            for (index, member) in members.enumerated() {
                group.addTask {
                    (
                        index,
                        await member.polled.poll(ifDue: true, whilePolling: .skip) { () throws(DeparturesError) in
                            try await member.fetch()
                        }
                    )
                }
            }
            var outcomes: [(Int, Polled<Value, DeparturesError>.Outcome)] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes
        }
        return outcomes.sorted { $0.0 < $1.0 }.map { (index: $0.0, outcome: $0.1) }
    }

    /// The members whose last good value may still be used at `now`, in member order.
    public func standing(at now: Date) -> [(index: Int, value: Value)] {
        members.indices.compactMap { index in members[index].polled.usableValue(at: now).map { (index, $0) } }
    }

    /// Why nothing stands: the first member's failure, when none has a usable value.
    public func failure(at now: Date) -> DeparturesError? {
        guard standing(at: now).isEmpty else { return nil }
        return members.lazy.compactMap { $0.polled.snapshot.lastError }.first
    }

    /// The soonest a member is due again (nil: one is due now or has never been polled).
    public var nextDue: Date? {
        let dues = members.map(\.polled.snapshot.nextDue)
        return dues.contains(nil) ? nil : dues.compactMap { $0 }.min()
    }
}
