#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SwiftProtobuf

/// TripDescriptor.schedule_relationship, including the values later spec versions added.
///
/// The committed proto predates DUPLICATED (6) and DELETED (7); a proto2 reader keeps an enum
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

    /// The trip no longer runs: its rows leave the board.
    var removesTrip: Bool { self == .canceled || self == .deleted }

    /// The update describes the scheduled trip itself (not an extra or copied one).
    var describesScheduledTrip: Bool {
        switch self {
        case .scheduled, .unscheduled, .canceled, .deleted, .replacement: true
        case .added, .duplicated, .new, .other: false
        }
    }
}

/// A minimal protobuf wire-format walk over unknown-field bytes.
enum WireScan {
    /// The last varint value of field `field` (last one wins, as for any singular field).
    static func lastVarint(field: UInt64, in data: Data) -> UInt64? {
        let bytes = [UInt8](data)
        var index = 0
        var found: UInt64?

        func varint() -> UInt64? {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while index < bytes.count, shift < 64 {
                let byte = bytes[index]
                index += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return value }
                shift += 7
            }
            return nil
        }
        func skip(_ count: UInt64) -> Bool {
            guard count <= UInt64(bytes.count - index) else { return false }
            index += Int(count)
            return true
        }

        while index < bytes.count {
            guard let tag = varint() else { break }
            switch tag & 7 {
            case 0:
                guard let value = varint() else { return found }
                if tag >> 3 == field { found = value }
            case 1: guard skip(8) else { return found }
            case 2:
                guard let length = varint(), skip(length) else { return found }
            case 5: guard skip(4) else { return found }
            default: return found  // groups: not used by GTFS-Realtime
            }
        }
        return found
    }
}
