public import ZoneInfo

/// Turns GTFS-style service-day seconds into instants in a board's zone.
///
/// A service day starts at local noon minus 12 h: local midnight on ordinary days, but an
/// hour off on daylight-saving change days, which is what GTFS means by "time since the
/// start of the service day". Only the board's zone is used; the process `TZ` never is.
public struct ServiceDayCalendar: Sendable, Equatable {
    public let zone: TimeZoneRules

    public init(zone: TimeZoneRules) {
        self.zone = zone
    }

    /// The local calendar date at an instant.
    public func localDate(at instant: Date) -> CivilDate {
        zone.localDateTime(atUnixSeconds: instant.unixSeconds).date
    }

    /// The start of service day `date`, in Unix seconds.
    public func serviceDayStart(_ date: CivilDate) -> Int64 {
        zone.unixSeconds(for: LocalDateTime(date: date, hour: 12, minute: 0, second: 0)) - 12 * 3_600
    }

    /// The service day (D−1, D or D+1, D = today in the zone) on which `secondsFromStart`
    /// lies closest to `now`. Trips past midnight (≥ 86400) land on yesterday's day, and a
    /// 23:59 trip seen just after midnight stays yesterday's.
    public func nearestServiceDay(for secondsFromStart: Int, now: Date) -> CivilDate {
        let today = localDate(at: now)
        let nowSeconds = now.timeIntervalSince1970
        var best = today
        var bestDistance = Double.infinity
        for offset in [-1, 0, 1] {
            let day = today.adding(days: offset)
            let instant = Double(serviceDayStart(day) + Int64(secondsFromStart))
            let distance = abs(instant - nowSeconds)
            if distance < bestDistance {
                best = day
                bestDistance = distance
            }
        }
        return best
    }

    /// Service-day seconds for an instant from a source that sends instants (epoch times,
    /// ISO 8601 with an offset): counted from the start of the instant's own local day, so
    /// `nearestServiceDay` and `instant` give the same instant back for any departure within
    /// 12 h of now, across midnight and daylight-saving changes. On the day clocks go back,
    /// the service day starts at 01:00 local: the hour before it is the previous day's
    /// (24:30:00, as GTFS writes it), never a negative count.
    public func secondsFromStart(of instant: Date) -> Int {
        let day = localDate(at: instant)
        let seconds = instant.unixSeconds - serviceDayStart(day)
        return Int(seconds >= 0 ? seconds : instant.unixSeconds - serviceDayStart(day.adding(days: -1)))
    }

    /// A live time `offset` seconds after a scheduled one of `scheduledSeconds`, counted on the
    /// scheduled time's service day, so a trip due at 23:58 and expected at 00:02 stays on its
    /// day (86,520 s). A live time too far from its schedule for that (a server's bad data) is
    /// counted on its own service day (`live`), never outside one.
    public func liveSecondsFromStart(_ offset: Int, after scheduledSeconds: Int, live: Date) -> Int {
        let sameDay = scheduledSeconds + offset
        return DeparturesDecoder.serviceSecondsRange.contains(sameDay) ? sameDay : secondsFromStart(of: live)
    }

    /// The instant `secondsFromStart` names on service day `day`.
    public func instant(_ secondsFromStart: Int, on day: CivilDate) -> Date {
        Date(timeIntervalSince1970: Double(serviceDayStart(day) + Int64(secondsFromStart)))
    }
}

extension Date {
    /// Whole seconds since 1970, rounded down (so 09:29:59.9 is still 09:29).
    public var unixSeconds: Int64 {
        Int64(timeIntervalSince1970.rounded(.down))
    }
}
