import DeparturesCore
import Foundation
import GTFSRealtime
import GTFSSource
import Testing

/// How full each row's vehicle is, from GTFS-Realtime VehiclePositions on 127.0.0.1:
/// per trip (and day), per carriage, and nothing at all from a stale or failing feed.
@Suite @MainActor struct VehicleCrowdingTests {
    typealias C = CentralStation

    /// A feed as a metro operator publishes it: the whole trip's level and percentage, and
    /// each carriage's level, listed out of order; carriage 2 without data.
    static func vehicles(age: Int = 10) throws -> TransitRealtime_FeedMessage {
        C.feed(
            age: age,
            [
                try C.vehicle(
                    "set-A42", trip: "t1", startDate: "20261123", status: .standingRoomOnly, percent: 85,
                    carriages: C.carriage(3, 4, id: "A42-3") + C.carriage(1, 1, id: "A42-1") + C.carriage(2, 7, id: "A42-2")),
                // Yesterday's t2, still reporting: not today's row.
                try C.vehicle("set-B7", trip: "t2", startDate: "20261122", status: .full),
                try C.vehicle("bus-1234", trip: "b1", status: .manySeatsAvailable),
                // Carriages that all say NO_DATA_AVAILABLE say nothing.
                try C.vehicle("set-C1", trip: "t3", carriages: C.carriage(1, 7, id: "C1-1") + C.carriage(2, nil, id: "C1-2")),
            ])
    }

    @Test func crowdingPerTripAndPerCarriage() async throws {
        let central = try C(tripUpdates: C.feed([C.lateT1()]), vehicles: try Self.vehicles())
        defer { central.stop() }
        let state = try #require(try await central.states(central.repository(alerts: false)).first)
        let t1 = try #require(state.row("t1"))
        #expect(t1["occupancy"] as? String == "standing")
        #expect(t1["occupancy_percent"] as? Int == 85)
        let carriages = try #require(t1["carriages"] as? [Any])
        #expect(carriages.map { $0 as? String } == ["many_seats", nil, "crushed"])
        #expect(carriages[1] is NSNull, "a carriage without data is null, in its place")
        #expect(t1["realtime"] as? Bool == true)
        #expect(state.row("t2")?["occupancy"] == nil, "yesterday's vehicle is not today's trip")
        #expect(state.row("b1")?["occupancy"] as? String == "many_seats")
        #expect(state.row("b1")?["carriages"] == nil && state.row("b1")?["occupancy_percent"] == nil)
        let t3 = try #require(state.row("t3"))
        #expect(t3["occupancy"] == nil && t3["carriages"] == nil)
    }

    /// A VehiclePositions feed that stopped updating, or fails: the rows keep their live
    /// times, without crowding, and the board has no error.
    @Test func aStaleOrFailingVehicleFeedLeavesRowsWithoutCrowding() async throws {
        let central = try C(tripUpdates: C.feed([C.lateT1()]), vehicles: try Self.vehicles(age: 3_600))
        defer { central.stop() }
        let repository = central.repository(alerts: false)
        let stale = try await repository.answer().departures
        #expect(stale.map(\.tripID) == ["t1", "t2", "b1", "t3"])
        #expect(stale.first?.isRealtime == true)
        #expect(stale.allSatisfy { $0.occupancy == nil && $0.occupancyPercent == nil && $0.carriages == nil })

        central.serve("/vp", nil)
        central.clock.advance(by: .seconds(30))
        let failing = try await repository.answer().departures
        #expect(failing.first?.isRealtime == true)
        #expect(failing.allSatisfy { $0.occupancy == nil && $0.carriages == nil })
        #expect(repository.realtimeErrors.vehiclePositions?.contains("503") == true)
        #expect(repository.realtimeErrors.tripUpdates == nil)
    }

    /// Combined feeds carry vehicles beside their TripUpdates: without a VehiclePositions
    /// feed they are read from there.
    @Test func vehiclesInsideTheTripUpdatesFeedCount() async throws {
        let central = try C(
            tripUpdates: C.feed([
                C.lateT1(), try C.vehicle("set-A42", trip: "t1", status: .fewSeatsAvailable, percent: 40),
            ]))
        defer { central.stop() }
        let rows = try await central.repository(alerts: false, vehicles: false).answer().departures
        #expect(rows.first?.tripID == "t1")
        #expect(rows.first?.occupancy == .fewSeats)
        #expect(rows.first?.occupancyPercent == 40)
    }
}
