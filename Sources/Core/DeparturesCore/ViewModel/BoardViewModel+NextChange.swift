extension BoardViewModel {
    /// A margin so the state read at the wake-up is already past the boundary.
    static let boundaryMargin = 0.001

    /// When `state(at:)` next differs without new data: the clock's next minute, a
    /// countdown dropping a minute, a departure leaving after the grace, stale rows
    /// expiring. The time rules live here, so a draw loop asks instead of re-deriving them.
    public func nextChange(after now: Date) -> Date {
        let t = now.timeIntervalSince1970
        let margin = Self.boundaryMargin
        var next = (t / 60).rounded(.down) * 60 + 60   // the header clock's next minute
        let grace = rules.departedGrace.timeInterval
        for departure in departures {
            let instant = departure.instant.timeIntervalSince1970
            if instant > t {
                // The countdown ⌊(instant − t)/60⌋ drops when t reaches instant − 60·m.
                let minutes = ((instant - t) / 60).rounded(.down)
                var change = instant - 60 * minutes
                if change <= t { change += 60 }
                next = min(next, change)
            }
            let leaves = instant + grace + margin
            if leaves > t { next = min(next, leaves) }
        }
        if let lastSuccess {
            let expires = lastSuccess.timeIntervalSince1970 + policy.staleLimit.timeInterval + margin
            if expires > t { next = min(next, expires) }
        }
        return Date(timeIntervalSince1970: max(next, t + margin))
    }
}
