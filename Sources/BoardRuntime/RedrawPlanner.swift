#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import DeparturesCore

/// When the board next looks different without new data: the clock's next minute, a
/// countdown dropping a minute, a departure leaving, stale rows expiring. The draw loop
/// sleeps until then instead of polling.
public enum RedrawPlanner {
    /// A margin so the state read at the wake-up is already past the boundary.
    static let margin = 0.001

    public static func nextChange(now: Date, departures: [ResolvedDeparture], grace: Duration,
                                  lastSuccess: Date?, staleLimit: Duration) -> Date {
        let t = now.timeIntervalSince1970
        var next = (t / 60).rounded(.down) * 60 + 60   // the header clock's next minute
        for departure in departures {
            let instant = departure.instant.timeIntervalSince1970
            if instant > t {
                // The countdown ⌊(instant − t)/60⌋ drops when t reaches instant − 60·m.
                let minutes = ((instant - t) / 60).rounded(.down)
                var change = instant - 60 * minutes
                if change <= t { change += 60 }
                next = min(next, change)
            }
            let leaves = instant + grace.timeInterval + margin
            if leaves > t { next = min(next, leaves) }
        }
        if let lastSuccess {
            let expires = lastSuccess.timeIntervalSince1970 + staleLimit.timeInterval + margin
            if expires > t { next = min(next, expires) }
        }
        return Date(timeIntervalSince1970: max(next, t + margin))
    }
}
