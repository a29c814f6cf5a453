// Fuzz target: a GTFS-Realtime VehiclePositions feed decoded as the GTFS source decodes a
// poll, its vehicles' crowding (occupancy, percentage, carriages read from later spec
// fields on the wire) put on a board's rows, which must still pass the API's own checks.
import DeparturesCore
import Foundation
import FuzzSupport
import GTFSRealtime
import SwiftProtobuf
import ZoneInfo

enum Fixture {
    static let today = CivilDate(year: 2026, month: 11, day: 23)
    /// Rows of trips a metro feed names: today's, one after midnight from yesterday, one of
    /// a trip only the feed has (no service day known).
    static let identities = [
        RowIdentity(tripID: "t1", routeID: "R1", directionID: 0, stopIDs: ["CEN1", "CEN"], serviceDay: today, startSecs: 34_800),
        RowIdentity(tripID: "t2", routeID: "R1", stopIDs: ["CEN2"], serviceDay: CivilDate(year: 2026, month: 11, day: 22)),
        RowIdentity(tripID: "t3", routeID: "R2", stopIDs: ["CEN1"], serviceDay: today),
        RowIdentity(tripID: "added-1"),
    ]
    static let rows = identities.enumerated().map { index, identity in
        Departure(
            tripID: identity.tripID, routeShortName: "T1", headsign: "Hornsby", scheduledTimeSecs: 34_800 + index * 60,
            realtimeTimeSecs: 34_800 + index * 60, delaySeconds: 0, isRealtime: true, isCancelled: index == 2)
    }
}

/// Any bytes must decode or be refused; a feed that decodes must give rows the departures
/// contract accepts, the same ones when read again: never trap, never hang.
func fuzzOne(_ bytes: [UInt8]) {
    // As TripUpdatesFetcher.decode: the whole message, required fields checked.
    guard let feed = try? TransitRealtime_FeedMessage(serializedBytes: bytes) else { return }
    let crowding = VehicleCrowding([feed])
    let rows = crowding.applied(to: Fixture.rows, identities: Fixture.identities)
    precondition(rows == VehicleCrowding([feed]).applied(to: Fixture.rows, identities: Fixture.identities), "read twice, read differently")
    for (row, before) in zip(rows, Fixture.rows) {
        precondition(row.tripID == before.tripID && row.realtimeTimeSecs == before.realtimeTimeSecs, "crowding moved a row")
        if row.isCancelled { precondition(row.occupancy == nil && row.carriages == nil, "a cancelled row got crowding") }
        precondition((row.carriages?.count ?? 0) <= VehicleCrowding.maxCarriages, "\(row.carriages?.count ?? 0) carriages")
    }
    // A feed's own trips as the board names them: never a trap on what the descriptor holds.
    for entity in feed.entity.prefix(16) where entity.hasTripUpdate {
        _ = RowIdentity(addedTrip: entity.tripUpdate.trip.tripID, in: feed, boardStops: ["CEN1", "CEN2"], parents: ["CEN1": "CEN"])
    }
    // A departures hub serves these rows to signs, which refuse a whole answer for one bad row.
    do {
        let body = try JSONEncoder().encode(DeparturesResponse(data: rows))
        let decoded = try DeparturesDecoder.decode(Array(body))
        precondition(
            decoded.data.map(\.occupancy) == rows.map(\.occupancy) && decoded.data.map(\.carriages) == rows.map(\.carriages),
            "crowding did not survive the API")
    } catch {
        preconditionFailure("the rows break the departures contract: \(error)")
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput") public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzSupport.run(fuzzOne, data, size)
}
#else
let replayed: Never = FuzzSupport.replayMain(fuzzOne)
#endif
