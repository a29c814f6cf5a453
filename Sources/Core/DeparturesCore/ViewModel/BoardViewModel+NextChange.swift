extension BoardViewModel {
    /// A margin so the state read at the wake-up is already past the boundary.
    static let boundaryMargin = 0.001

    /// When `state(at:)` next differs without new data: the clock's next minute, a
    /// countdown dropping a minute, a departure leaving after the grace, stale rows
    /// expiring. The time rules live here, so a draw loop asks instead of re-deriving them.
    public func nextChange(after now: Date) -> Date {
        let t = now.timeIntervalSince1970
        let margin = Self.boundaryMargin
        var next = (t / 60).rounded(.down) * 60 + 60  // the header clock's next minute
        for (index, source) in sources.enumerated() {
            let grace = source.useCase.rules.departedGrace.timeInterval
            let walk = source.place.walk.timeInterval
            for departure in sourceStates[index].departures {
                let instant = departure.instant.timeIntervalSince1970
                next = min(next, Self.nextMinuteBoundary(of: instant, after: t))
                if walk > 0 {
                    // The leave-by countdown and the moment the row becomes unreachable.
                    next = min(next, Self.nextMinuteBoundary(of: instant - walk, after: t))
                    let unreachable = instant - walk + margin
                    if unreachable > t { next = min(next, unreachable) }
                }
                let leaves = instant + grace + margin
                if leaves > t { next = min(next, leaves) }
            }
            if let usableUntil = set.members[index].polled.usableUntil {
                let expires = usableUntil.timeIntervalSince1970 + margin
                if expires > t { next = min(next, expires) }
            }
        }
        return Date(timeIntervalSince1970: max(next, t + margin))
    }

    /// When the countdown ⌊(instant − t)/60⌋ next drops (at instant − 60·m); infinity once past.
    static func nextMinuteBoundary(of instant: Double, after t: Double) -> Double {
        guard instant > t else { return .infinity }
        let minutes = ((instant - t) / 60).rounded(.down)
        var change = instant - 60 * minutes
        if change <= t { change += 60 }
        return change
    }
}
