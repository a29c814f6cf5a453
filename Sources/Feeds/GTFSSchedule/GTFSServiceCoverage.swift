public import ZoneInfo

/// Where a day falls against a store's `serviceDates`: lets a board say "timetable
/// expired" rather than show an empty board, and `validate` warn before that.
public enum GTFSServiceCoverage: Sendable, Equatable, CustomStringConvertible {
    /// No kept service runs on any day (or the store predates service dates).
    case noServiceDays
    /// The timetable's first service day is later.
    case notYetValid(first: CivilDate)
    /// Running, with more than the warning period left.
    case current(last: CivilDate)
    /// Running, `daysLeft` days after this one (0: this is the last service day).
    case endingSoon(last: CivilDate, daysLeft: Int)
    /// Past the last service day. Trips of that day running after midnight still show.
    case expired(last: CivilDate)

    public var description: String {
        switch self {
        case .noServiceDays: "the timetable has no service days for this board's stops"
        case .notYetValid(let first): "the timetable starts on \(first)"
        case .current(let last): "the timetable runs until \(last)"
        case .endingSoon(let last, 0): "the timetable ends today (\(last)); import the agency's new feed"
        case .endingSoon(let last, 1): "the timetable ends tomorrow (\(last)); import the agency's new feed"
        case .endingSoon(let last, let days): "the timetable ends in \(days) days (\(last)); import the agency's new feed"
        case .expired(let last): "the timetable expired: its last service day was \(last); import the agency's new feed"
        }
    }
}

extension GTFSStore {
    /// How many days before the last service day `validate` starts warning.
    public static let expiryWarningDays = 14

    /// `day` (the service day in the feed's zone) against `serviceDates`.
    public func serviceCoverage(on day: CivilDate, warningDays: Int = GTFSStore.expiryWarningDays) -> GTFSServiceCoverage {
        guard let dates = serviceDates else { return .noServiceDays }
        if day < dates.lowerBound { return .notYetValid(first: dates.lowerBound) }
        if day > dates.upperBound { return .expired(last: dates.upperBound) }
        let daysLeft = Int(dates.upperBound.daysSinceEpoch - day.daysSinceEpoch)
        return daysLeft <= warningDays ? .endingSoon(last: dates.upperBound, daysLeft: daysLeft) : .current(last: dates.upperBound)
    }
}
