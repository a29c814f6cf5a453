import SwiftProtobuf
/// TripDescriptor.schedule_relationship, including the values later spec versions added.
///
/// The committed proto predates DUPLICATED (6), DELETED (7) and NEW (8); a proto2 reader keeps an enum
/// value it does not know in the message's unknown fields, so they are read from there.
enum TripRelationship: Equatable {
    case scheduled, added, unscheduled, canceled, replacement, duplicated, deleted, new
    case other(UInt64)

    init(_ trip: TransitRealtime_TripDescriptor) {
        if trip.hasScheduleRelationship {
            self.init(raw: UInt64(trip.scheduleRelationship.rawValue))
        } else if let raw = WireScan.lastVarint(field: 4, in: trip.unknownFields.data) {
            self.init(raw: raw)
        } else {
            self = .scheduled
        }
    }

    init(raw: UInt64) {
        switch raw {
        case 0: self = .scheduled
        case 1: self = .added
        case 2: self = .unscheduled
        case 3: self = .canceled
        case 5: self = .replacement
        case 6: self = .duplicated
        case 7: self = .deleted
        case 8: self = .new
        default: self = .other(raw)
        }
    }

    /// The update is about the scheduled trip instance itself: it times, cancels, deletes or
    /// replaces it. ADDED, DUPLICATED and NEW describe other trips (`isExtraTrip`).
    var describesScheduledTrip: Bool {
        switch self {
        case .scheduled, .unscheduled, .canceled, .deleted, .replacement: true
        case .added, .duplicated, .new, .other: false
        }
    }

    /// The update's own stop times make board rows: extra trips, and REPLACEMENT (whose
    /// complete journey is in its StopTimeUpdates; the static schedule is not used).
    var isExtraTrip: Bool {
        switch self {
        case .added, .new, .duplicated, .replacement: true
        case .scheduled, .unscheduled, .canceled, .deleted, .other: false
        }
    }

    /// Trips unknown to the timetable: left out of the realtime health counts.
    var isUnscheduledAddition: Bool { self == .added || self == .new }
}
