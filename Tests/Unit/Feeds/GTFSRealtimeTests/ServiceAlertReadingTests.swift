import DeparturesCore
import Foundation
import GTFSRealtime
import GTFSSchedule
import Testing

/// The alert conversion and the crowding reader on their own, for what the end-to-end tests
/// in GTFSSourceTests do not reach: odd selectors, far-off periods, carriages out of range.
struct ServiceAlertReadingTests {
    static let board = AlertBoard(
        routes: [
            GTFSStore.RouteFacts(routeID: "R1", label: "T1", routeType: 2, agencyID: "ST"),
            GTFSStore.RouteFacts(routeID: "R2", label: "T2", routeType: 2, agencyID: "ST"),
        ],
        stopIDs: ["CEN", "CEN1"],
        rows: [
            RowIdentity(
                tripID: "t1", routeID: "R1", directionID: 0, stopIDs: ["CEN1", "CEN"], serviceDay: RT.today,
                startSecs: RT.secs(9, 40))
        ])

    static func entity(_ id: String, _ alert: TransitRealtime_Alert) -> TransitRealtime_FeedEntity {
        var entity = TransitRealtime_FeedEntity()
        entity.id = id
        entity.alert = alert
        return entity
    }

    static func read(_ alerts: [(String, TransitRealtime_Alert)], language: String? = nil) -> BoardAlerts {
        var feed = RT.feed([])
        feed.entity = alerts.map { entity($0.0, $0.1) }
        return ServiceAlertReading.read([feed], language: language, board: board)
    }

    @Test func selectorsTheReferenceDoesNotAllowConcernNoOne() {
        var directionOnly = TransitRealtime_EntitySelector()
        directionOnly.directionID = 0
        var empty = AlertsTests.alert("Nothing named", route: nil)
        empty.informedEntity = [TransitRealtime_EntitySelector()]
        var direction = AlertsTests.alert("Direction alone")
        direction.informedEntity = [directionOnly]
        var tripWithoutID = AlertsTests.alert("Trip without id or start")
        var selector = TransitRealtime_EntitySelector()
        selector.trip.routeID = "R1"
        tripWithoutID.informedEntity = [selector]
        let read = Self.read([("a", empty), ("b", direction), ("c", tripWithoutID)])
        #expect(read.alerts.isEmpty)
    }

    @Test func aRouteAndDirectionMarksOnlyThatDirection() {
        var alert = AlertsTests.alert("Northbound T1 delayed")
        var selector = TransitRealtime_EntitySelector()
        selector.routeID = "R1"
        selector.directionID = 1
        alert.informedEntity = [selector]
        let read = Self.read([("north", alert)])
        #expect(read.alerts.map(\.scopes) == [[AlertScope(route: "T1", direction: 1)]])
        #expect(read.ids(for: Self.board.rows[0]).isEmpty, "t1 runs in direction 0")
    }

    /// Times past year 9999 are no bound (the board cannot write them), and a deleted or
    /// textless alert, or one repeating an id, is passed over.
    @Test func farPeriodsAndBrokenAlerts() {
        var far = AlertsTests.alert("Far", route: "R1")
        var period = TransitRealtime_TimeRange()
        period.start = UInt64(RT.now.timeIntervalSince1970)
        period.end = .max
        far.activePeriod = [period]
        var textless = AlertsTests.alert("", route: "R1")
        textless.headerText.translation = []
        var onlyDescription = AlertsTests.alert("", route: "R1")
        onlyDescription.headerText.translation = []
        onlyDescription.descriptionText = onlyDescription.headerText
        var translation = TransitRealtime_TranslatedString.Translation()
        translation.text = "Lifts out of order all day"
        onlyDescription.descriptionText.translation = [translation]
        let read = Self.read([
            ("far", far), ("textless", textless), ("far", AlertsTests.alert("Again", route: "R1")),
            ("", AlertsTests.alert("No id", route: "R1")), ("description", onlyDescription),
        ])
        #expect(read.alerts.map(\.id) == ["far", "description"])
        #expect(read.alerts[0].periods == [ActivePeriod(start: RT.now, end: nil)])
        #expect(read.alerts[0].severity == .unknown && read.alerts[0].effect == .unknownEffect)
        #expect(read.alerts[1].header == "Lifts out of order all day" && read.alerts[1].description == nil)
    }

    @Test func carriagesOutOfRangeKeepTheirOrder() throws {
        func vehicle(_ carriages: [UInt8]) throws -> TransitRealtime_FeedMessage {
            var position = TransitRealtime_VehiclePosition()
            position.trip.tripID = "t1"
            var entity = TransitRealtime_FeedEntity()
            entity.id = "v"
            entity.vehicle = RT.appending(carriages, to: position)
            var feed = RT.feed([])
            feed.entity = [entity]
            return feed
        }
        func carriage(_ sequence: UInt64?, _ status: UInt64) -> [UInt8] {
            RT.field(11, bytes: RT.field(3, varint: status) + (sequence.map { RT.field(5, varint: $0) } ?? []))
        }
        let row = Self.board.rows[0]
        // A sequence no train has: the order given.
        let huge = VehicleCrowding([try vehicle(carriage(4_000_000_000, 1) + carriage(1, 5))])
        #expect(huge.crowding(for: row)?.carriages == [.manySeats, .full])
        // A gap: the missing carriage has no data.
        let gap = VehicleCrowding([try vehicle(carriage(3, 2) + carriage(1, 8))])
        #expect(gap.crowding(for: row)?.carriages == [.notAccepting, nil, .fewSeats])
        // More carriages than a board draws: the first 64.
        let long = VehicleCrowding([try vehicle((1...100).flatMap { carriage(UInt64($0), 0) })])
        #expect(long.crowding(for: row)?.carriages?.count == VehicleCrowding.maxCarriages)
    }
}
