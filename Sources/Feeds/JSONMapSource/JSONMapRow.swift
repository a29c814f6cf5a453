import DeparturesCore
import SystemFiles

extension JSONMapRow {
    /// Instants further than this from now are no departure to show: a wrong `time_format`
    /// (seconds read as milliseconds) lands decades away, and is said so rather than shown.
    static let horizon: Double = 36 * 3600

    /// The row as the core's departure: times in service-day seconds of `calendar`'s zone.
    mutating func departure(calendar: ServiceDayCalendar, now: Date) throws(JSONMapFieldError) -> Departure {
        let route = try required(.route)
        guard !route.trimmingWhitespace.isEmpty else { throw fieldError(.route, "is empty") }
        let headsign = try required(.headsign)
        let scheduled = try time(.scheduled, calendar: calendar, now: now)
        var best = try time(.departure, calendar: calendar, now: now)
        // An API that sends the timetable's time and a delay (iRail, HAFAS): the one plus the other.
        var delayed = false
        if best == nil, let scheduled, let seconds = try delaySeconds() {
            best = Time(seconds: scheduled.seconds + seconds, offset: scheduled.offset + seconds)
            delayed = true
        }
        guard let best else {
            throw fieldError(
                .departure,
                mapping.fields[.departure] == nil
                    ? "\(JSONMapping.name(.scheduled)) or \(JSONMapping.name(.delay)) matched nothing in this row"
                    : "matched nothing in this row")
        }
        // Both count on the scheduled time's service day, as the other sources do: a 23:58
        // departure expected at 00:02 is 86,520 s of that day, not 120 s of the next.
        let scheduledSeconds = (scheduled ?? best).seconds
        let bestSeconds = scheduledSeconds + (best.offset - (scheduled ?? best).offset)
        guard DeparturesDecoder.serviceSecondsRange.contains(bestSeconds) else {
            throw fieldError(
                .departure,
                "is \((best.offset - (scheduled ?? best).offset) / 3600) h from \(JSONMapping.name(.scheduled)): not one departure")
        }
        let delay = scheduled.map { best.offset - $0.offset } ?? 0
        let platform = try text(.platform).map(\.trimmingWhitespace).flatMap { $0.isEmpty ? nil : $0 }
        let cancelled = try cancellation()
        let realtime = try delayed && mapping.fields[.realtime] == nil ? true : isLive(hasScheduled: scheduled != nil)
        // Without a trip id of the server's, one made of the route and time: unique in a stop's
        // answer, and never taken for another stop's trip (the source's feed name has its stop).
        // A placeholder (empty, `-`, `0`) is no id (the contract's trip ids are never empty; found by fuzz-json-map).
        let trip = try TripIdentity.given(text(.tripID)) ?? "\(route) \(scheduledSeconds)"
        // Crowding is extra: a word no standard uses, or a number out of range, is no data.
        let occupancy = (try? text(.occupancy))?.flatMap(Occupancy.init(word:))
        let percent = (try? value(.occupancyPercent))?.flatMap(Self.number).flatMap { $0 >= 0 && $0 < 1000 ? Int($0.rounded()) : nil }
        return Departure(
            tripID: trip, routeShortName: route, headsign: headsign,
            scheduledTimeSecs: scheduledSeconds, realtimeTimeSecs: bestSeconds, delaySeconds: delay,
            isRealtime: realtime, platform: platform, isCancelled: cancelled,
            occupancy: occupancy, occupancyPercent: percent)
    }

    /// With a `realtime` field, its value says: none (absent or null), `false`, or a word such as
    /// `scheduled` is a timetable time; `true`, any number (a delay of 0 is a live "on time")
    /// and any other word (`estimated`, `UPDATED`) a live one. Without one: live when the
    /// departure came from a query that is not `scheduled`'s (`[$.estimated, $.scheduled]`:
    /// live while `estimated` is there), or when there is no `scheduled` (a prediction).
    mutating func isLive(hasScheduled: Bool) throws(JSONMapFieldError) -> Bool {
        if mapping.fields[.realtime] != nil {
            switch try value(.realtime) {
            case nil, .null?: return false
            case .bool(let flag)?: return flag
            case .number?: return true
            case .string(let word)?: return !Self.timetableWords.contains(word.trimmingWhitespace.lowercased())
            case let other?: throw fieldError(.realtime, "expected true, false, a number or a word; got \(Self.describe(other))")
            }
        }
        guard hasScheduled, let from = foundBy[.departure] else { return true }
        return !(mapping.fields[.scheduled] ?? []).contains(from)
    }

    /// `delay` in whole seconds (a number, or text holding one); nil when absent.
    mutating func delaySeconds() throws(JSONMapFieldError) -> Int? {
        guard let raw = try value(.delay) else { return nil }
        guard let number = Self.number(raw), number.rounded() == number, abs(number) < 86_400 else {
            throw fieldError(.delay, "expected whole seconds (less than a day); got \(Self.describe(raw))")
        }
        return Int(number)
    }

    static let timetableWords: Set<String> = ["false", "no", "0", "", "scheduled", "static", "timetable", "planned", "none"]
    static let cancelledWords: Set<String> = ["true", "yes", "1", "cancelled", "canceled", "cancel", "skipped", "deleted"]

    /// `true`, a non-zero number, or a word that says so (`cancelled`, `canceled`, `SKIPPED`,
    /// `"1"`…); anything else, or nothing, is a running trip.
    mutating func cancellation() throws(JSONMapFieldError) -> Bool {
        switch try value(.cancelled) {
        case nil, .null?: return false
        case .bool(let flag)?: return flag
        case .number(let number)?: return number != 0
        case .string(let word)?: return Self.cancelledWords.contains(word.trimmingWhitespace.lowercased())
        case let other?: throw fieldError(.cancelled, "expected true, false, a number or a word; got \(Self.describe(other))")
        }
    }

    /// A time field: its service-day seconds, and its offset in seconds from an instant every
    /// time of the row shares (to subtract two times of one row exactly).
    struct Time: Equatable {
        var seconds: Int
        var offset: Int
    }

    private mutating func time(_ field: JSONMapping.Field, calendar: ServiceDayCalendar, now: Date) throws(JSONMapFieldError) -> Time? {
        guard let raw = try value(field) else { return nil }
        let format = mapping.timeFormat
        // `/Date(1795426500000+0100)/`, as .NET's JSON writes an instant: epoch milliseconds,
        // whatever the board's format says (the offset only says where it was written).
        if case .string(let text) = raw, let milliseconds = Self.dotNetDate(text) {
            return try near(Date(timeIntervalSince1970: milliseconds / 1000), field, calendar: calendar, now: now)
        }
        if format == .minutes {
            let minutes: Double
            if case .string(let word) = raw, Self.nowWords.contains(word.trimmingWhitespace.lowercased()) {
                minutes = 0
            } else if let number = Self.number(raw), (-1440...1440).contains(number) {
                minutes = number
            } else {
                throw fieldError(field, "expected minutes from now (a number, or a word such as Leaving or Due); got \(Self.describe(raw))")
            }
            return try near(now.addingTimeInterval((minutes * 60).rounded()), field, calendar: calendar, now: now)
        }
        if format == .iso8601 {
            guard case .string(let text) = raw else {
                throw fieldError(
                    field,
                    "expected an ISO 8601 time such as 2026-11-23T09:35:00+11:00; got \(Self.describe(raw))"
                        + (raw.text.map(Self.epochHint) ?? ""))
            }
            let instant: Date
            do {
                instant = try InstantParser.parse(text.trimmingWhitespace, zone: calendar.zone)
            } catch {
                throw fieldError(
                    field,
                    "expected an ISO 8601 time such as 2026-11-23T09:35:00+11:00; got \"\(text.prefix(40))\""
                        + Self.epochHint(text.trimmingWhitespace))
            }
            return try near(instant, field, calendar: calendar, now: now)
        }
        guard let number = Self.number(raw) else {
            throw fieldError(field, "expected a number (time_format: \(format.rawValue)); got \(Self.describe(raw))")
        }
        switch format {
        case .iso8601, .minutes:
            return nil
        case .epochSeconds, .epochMilliseconds:
            let seconds = format == .epochSeconds ? number : number / 1000
            return try near(Date(timeIntervalSince1970: seconds), field, calendar: calendar, now: now)
        case .serviceDaySeconds:
            // Both within the instants' range, so their sum cannot overflow.
            let span = Int(OutsideNumber.epochSeconds.upperBound)
            guard let whole = OutsideNumber.whole(number, in: -span...span) else {
                throw fieldError(field, "expected whole seconds from the start of the service day; got \(Self.describe(raw))")
            }
            if let start = try value(.serviceDay) {
                guard let day = Self.number(start), let dayStart = OutsideNumber.whole(day, in: 0...span) else {
                    throw fieldError(.serviceDay, "expected the service day's start in epoch seconds; got \(Self.describe(start))")
                }
                return try near(Date(timeIntervalSince1970: Double(dayStart + whole)), field, calendar: calendar, now: now)
            }
            guard DeparturesDecoder.serviceSecondsRange.contains(whole) else {
                throw fieldError(field, "\(whole) s is not within a service day (0 … 172799)")
            }
            return Time(seconds: whole, offset: whole)
        }
    }

    private func near(
        _ instant: Date, _ field: JSONMapping.Field, calendar: ServiceDayCalendar, now: Date
    ) throws(JSONMapFieldError) -> Time {
        let away = instant.timeIntervalSince(now)
        guard abs(away) <= Self.horizon else {
            // Checked: the day count of a long run of digits (or infinity) would trap.
            guard let days = OutsideNumber.whole((abs(away) / 86_400).rounded(), in: 0...Int(OutsideNumber.epochSeconds.upperBound)) else {
                throw fieldError(field, "\(OutsideNumber.instantRangeText): not a departure to show")
            }
            let when = days >= 1 ? "\(days) day\(days == 1 ? "" : "s")" : "\(Int(abs(away) / 3600)) h"
            throw fieldError(
                field,
                "\(when) \(away < 0 ? "ago" : "from now"): not a departure to show"
                    + (days > 3650 ? " (a wrong time_format? epoch_s counts seconds, epoch_ms milliseconds)" : ""))
        }
        let offset = Int(instant.timeIntervalSince1970.rounded(.down))
        return Time(seconds: calendar.secondsFromStart(of: instant), offset: offset)
    }

    /// What countdown APIs write for a departure in the last minute.
    static let nowWords: Set<String> = ["now", "due", "leaving", "departing", "arriving", "arr", "dep", "boarding", "approaching"]

    /// The milliseconds of `/Date(1795426500000)/` or `/Date(1795426500000+0100)/`.
    static func dotNetDate(_ text: String) -> Double? {
        let trimmed = text.trimmingWhitespace
        guard trimmed.hasPrefix("/Date("), trimmed.hasSuffix(")/") else { return nil }
        let inside = trimmed.dropFirst(6).dropLast(2)
        let digits = inside.prefix { $0 == "-" || $0.isNumber }
        let rest = inside.dropFirst(digits.count)
        guard !digits.isEmpty, rest.isEmpty || (rest.count == 5 && "+-".contains(rest.first!) && rest.dropFirst().allSatisfy(\.isNumber)),
            let milliseconds = Double(digits)
        else { return nil }
        return milliseconds
    }

    /// A number, or a string holding one (`"1700000000000"`).
    static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .number(let number): return number.isFinite ? number : nil
        case .string(let text): return Double(text.trimmingWhitespace).flatMap { $0.isFinite ? $0 : nil }
        default: return nil
        }
    }

    private static func epochHint(_ text: String) -> String {
        guard let number = Double(text) else { return "" }
        return number > 1e11 ? " (epoch milliseconds? time_format: epoch_ms)" : number > 1e8 ? " (epoch seconds? time_format: epoch_s)" : ""
    }
}
