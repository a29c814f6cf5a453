#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ZoneInfo

/// One row as a board shows it: everything already turned into text for `now`.
public struct DepartureRow: Hashable, Sendable {
    public var tripID: String
    public var route: String
    public var headsign: String
    /// Whole minutes until departure, never negative.
    public var minutes: Int
    /// `5 min`, or `Now` in the last minute.
    public var countdown: String
    /// `+2 min` when late, nil otherwise.
    public var delay: String?
    /// `HH:mm` of the departure instant in the board's zone.
    public var time: String
    /// False for timetable-only rows, which a board shows differently.
    public var isRealtime: Bool

    public init(_ resolved: ResolvedDeparture, now: Date, zone: TimeZoneRules) {
        let departure = resolved.departure
        tripID = departure.tripID
        route = departure.routeShortName
        headsign = departure.headsign
        minutes = Self.minutes(until: resolved.instant, from: now)
        countdown = minutes == 0 ? "Now" : "\(minutes) min"
        delay = Self.delayText(seconds: departure.delaySeconds)
        time = TimeText.clock(resolved.instant, in: zone)
        isRealtime = departure.isRealtime
    }

    /// max(0, ⌊(instant − now) / 60 s⌋).
    public static func minutes(until instant: Date, from now: Date) -> Int {
        let seconds = instant.timeIntervalSince(now)
        guard seconds > 0 else { return 0 }
        return Int((seconds / 60).rounded(.down))
    }

    /// `+N min` with N = max(1, ⌊delay/60⌋) for a positive delay, so a 40 s delay never
    /// reads `+0 min`; nil when on time or early.
    public static func delayText(seconds: Int) -> String? {
        guard seconds > 0 else { return nil }
        return "+\(max(1, seconds / 60)) min"
    }
}
