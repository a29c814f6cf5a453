import DeparturesCore
import SwiftProtobuf

/// Fields the current GTFS-Realtime reference has and the committed proto does not, read
/// from the messages' unknown fields (field numbers from the reference's proto). If the
/// bindings are ever regenerated from a newer proto, these readers give way to the
/// generated accessors.
enum LaterSpec {
    /// TripUpdate.trip_properties (field 6), experimental in the spec.
    struct TripProperties: Equatable {
        /// The new trip's own id for a DUPLICATED trip.
        var tripID: String?
        /// YYYYMMDD service date of a DUPLICATED trip.
        var startDate: String?
        /// HH:MM:SS start of a DUPLICATED trip.
        var startTime: String?
        /// The headsign when it differs from the original (field 5).
        var tripHeadsign: String?
    }

    static func tripProperties(of update: TransitRealtime_TripUpdate) -> TripProperties {
        guard let bytes = WireScan.lastBytes(field: 6, in: update.unknownFields.data) else { return TripProperties() }
        return TripProperties(
            tripID: WireScan.lastString(field: 1, in: bytes), startDate: WireScan.lastString(field: 2, in: bytes),
            startTime: WireScan.lastString(field: 3, in: bytes), tripHeadsign: WireScan.lastString(field: 5, in: bytes))
    }

    /// StopTimeEvent.scheduled_time (field 4): the planned time of a NEW, REPLACEMENT or
    /// DUPLICATED trip's call, POSIX seconds; nil when absent or not positive.
    static func scheduledTime(of event: TransitRealtime_TripUpdate.StopTimeEvent) -> Int64? {
        guard let raw = WireScan.lastVarint(field: 4, in: event.unknownFields.data) else { return nil }
        let value = Int64(bitPattern: raw)
        return value > 0 ? value : nil
    }

    /// StopTimeProperties.assigned_stop_id: field 1, which the committed proto names
    /// `platform_id` (an earlier draft of the same field).
    static func assignedStopID(of update: TransitRealtime_TripUpdate.StopTimeUpdate) -> String? {
        guard update.hasStopTimeProperties, update.stopTimeProperties.hasPlatformID,
            !update.stopTimeProperties.platformID.isEmpty
        else { return nil }
        return update.stopTimeProperties.platformID
    }

    /// StopTimeProperties.stop_headsign (field 2): the headsign shown at this call.
    static func stopHeadsign(of update: TransitRealtime_TripUpdate.StopTimeUpdate) -> String? {
        guard update.hasStopTimeProperties else { return nil }
        return WireScan.lastString(field: 2, in: [UInt8](update.stopTimeProperties.unknownFields.data))
    }

    /// The stop a call is actually made at: the assigned stop, else the update's stop_id.
    static func stopID(of update: TransitRealtime_TripUpdate.StopTimeUpdate) -> String? {
        if let assigned = assignedStopID(of: update) { return assigned }
        return update.hasStopID && !update.stopID.isEmpty ? update.stopID : nil
    }
}
