extension BoardViewModel {
    /// What to show at `now`: each source's rows under its own time rules and stale limit,
    /// merged under the board's. The board is `ok` while any source answered, `stale` when
    /// only kept rows remain, and an error only when no source has anything to show.
    public func state(at now: Date) -> BoardState {
        // `merged` drops departed rows, sorts and cuts once for all sources; here each
        // source only decides whether its rows stand.
        let earliest = now.addingTimeInterval(-rules.departedGrace.timeInterval)
        var shown: [(place: SourcePlace, departures: [ResolvedDeparture])] = []
        var statuses: [SourceStatus] = []
        for (index, source) in sources.enumerated() {
            let state = sourceStates[index]
            let health: SourceStatus.Health
            switch state.lastOutcome {
            case .loading:
                health = .loading
            case .ok, .empty:
                health = .ok
                shown.append((source.place, state.departures))
            case .stale, .error:
                if set.members[index].polled.freshness(at: now) != .expired,
                    state.departures.contains(where: { $0.instant >= earliest })
                {
                    health = .stale
                    shown.append((source.place, state.departures))
                } else {
                    health = .error
                }
            }
            statuses.append(
                SourceStatus(
                    place: source.place, status: health,
                    message: health == .stale || health == .error ? state.message : nil,
                    lastSuccess: state.lastSuccess))
        }
        let alerts = AlertRules.shown(shown.map { sourceStates[$0.place.index].alerts }, at: now)
        let shownIDs = Set(alerts.map(\.id))
        let rows = rules.merged(shown, now: now).map { placed in
            var row = DepartureRow(
                placed, now: now, zone: zone,
                liveDataExpected: sources[placed.place.index].useCase.repository.providesLiveData)
            row.alertIDs = row.alertIDs.filter(shownIDs.contains)
            return row
        }
        let fresh = statuses.contains { $0.status == .ok }
        let status: BoardStatus
        if !rows.isEmpty {
            status = fresh ? .ok : .stale
        } else if fresh {
            status = .empty
        } else {
            status = statuses.contains { $0.status == .loading } ? .loading : .error
        }
        let failing = statuses.first(where: \.isFailing)?.message
        // A notice belongs beside fresh rows; stale and error boards carry their own message.
        let notice =
            status == .ok
            ? sources.indices.lazy.filter { statuses[$0].status == .ok }
                .compactMap { self.sourceStates[$0].notice }.first : nil
        return BoardState(
            boardName: boardName, now: now, status: status,
            message: status == .stale || status == .error ? failing : nil,
            updated: updated(shown: shown), rows: rows, notice: notice, alerts: alerts, zone: zone,
            sources: statuses)
    }

    /// The oldest answer behind the rows shown (honest about the stalest data on the
    /// board); without rows, the latest answer of any source.
    private func updated(shown: [(place: SourcePlace, departures: [ResolvedDeparture])]) -> Date? {
        let behindRows = shown.compactMap { sourceStates[$0.place.index].lastSuccess }
        return behindRows.min() ?? lastSuccess
    }
}
