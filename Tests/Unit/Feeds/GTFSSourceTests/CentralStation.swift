import DeparturesCore
import Foundation
import GTFSRealtime
import GTFSSource
import Locking
import LoopbackHTTPServer
import SwiftProtobuf
import Testing
import ZoneInfo

/// A board at Central as Sydney's feeds have it: a parent station (CEN) whose platforms
/// CEN1 and CEN2 the trains use, and a bus stand (CENB) of another agency. Monday
/// 2026-11-23, 09:30: T1 t1 09:40 (CEN1), T2 t2 09:42 (CEN2), 333 b1 09:45 (CENB), T1 t3
/// 09:55 (CEN1). TripUpdates, ServiceAlerts and VehiclePositions are served on 127.0.0.1.
struct CentralStation {
    static let start = RealtimePollingTests.start
    static let zone: TimeZoneRules = {
        do { return try TimeZoneRules.load("Australia/Sydney") } catch { fatalError("no Australia/Sydney tzdata: \(error)") }
    }()

    static let timetable: [String: String] = [
        "agency.txt": "agency_id,agency_name,agency_url,agency_timezone\n"
            + "ST,Sydney Trains,https://example.invalid,Australia/Sydney\nBUS,Buses,https://example.invalid,Australia/Sydney\n",
        "stops.txt": "stop_id,stop_name,location_type,parent_station,platform_code\n"
            + "CEN,Central,1,,\nCEN1,Central,0,CEN,1\nCEN2,Central,0,CEN,2\nCENB,Central Stand B,0,,\nNTH,North Sydney,0,,\n",
        "routes.txt": "route_id,agency_id,route_short_name,route_long_name,route_type\n"
            + "R1,ST,T1,North Shore,2\nR2,ST,T2,Inner West,2\nR9,BUS,333,,3\n",
        "calendar.txt": "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\n"
            + "WK,1,1,1,1,1,0,0,20260101,20261231\n",
        "trips.txt": "route_id,service_id,trip_id,trip_headsign,direction_id\n"
            + "R1,WK,t1,Hornsby,0\nR2,WK,t2,Leppington,1\nR1,WK,t3,Berowra,0\nR9,WK,b1,Bondi Beach,0\n",
        "stop_times.txt": "trip_id,arrival_time,departure_time,stop_id,stop_sequence\n"
            + "t1,09:40:00,09:40:00,CEN1,1\nt1,09:48:00,09:48:00,NTH,2\n"
            + "t2,09:42:00,09:42:00,CEN2,1\nt2,09:50:00,09:50:00,NTH,2\n"
            + "t3,09:55:00,09:55:00,CEN1,1\nt3,10:03:00,10:03:00,NTH,2\n"
            + "b1,09:45:00,09:45:00,CENB,1\nb1,09:58:00,09:58:00,NTH,2\n",
    ]

    let store: ImportedStore
    let server: LoopbackHTTPServer
    /// What each path answers: a feed's bytes, or nil for a 503.
    let answers: Locked<[String: [UInt8]?]>
    let clock = ManualBoardClock(now: CentralStation.start)

    init(
        tripUpdates: TransitRealtime_FeedMessage = CentralStation.feed([]),
        alerts: TransitRealtime_FeedMessage? = nil, vehicles: TransitRealtime_FeedMessage? = nil,
        timetable: [String: String] = CentralStation.timetable
    ) throws {
        store = try ImportedStore(timetable, stopIDs: ["CEN", "CENB"])
        let answers = Locked<[String: [UInt8]?]>([:])
        self.answers = answers
        server = try LoopbackHTTPServer { request in
            guard let answer = answers.withLock({ $0[request.path] }) else { return .text("no such feed", status: 404) }
            return answer.map { .respond(status: 200, body: $0) } ?? .text("down", status: 503)
        }
        serve("/rt", tripUpdates)
        if let alerts { serve("/alerts", alerts) }
        if let vehicles { serve("/vp", vehicles) }
    }

    func serve(_ path: String, _ feed: TransitRealtime_FeedMessage?) {
        let bytes = feed.map { message in
            do { return try message.serializedBytes() as [UInt8] } catch { fatalError("cannot serialize test feed: \(error)") }
        }
        answers.withLock { $0[path] = .some(bytes) }
    }

    func stop() {
        server.stop()
        store.remove()
    }

    func repository(language: String? = nil, alerts: Bool = true, vehicles: Bool = true) -> GTFSDeparturesRepository {
        GTFSDeparturesRepository(
            settings: .init(
                storePath: store.path, stopIDs: ["CEN", "CENB"], zone: Self.zone,
                tripUpdates: .init(url: server.baseURL + "/rt"),
                alerts: alerts ? .init(url: server.baseURL + "/alerts") : nil,
                vehiclePositions: vehicles ? .init(url: server.baseURL + "/vp") : nil, language: language),
            clock: clock)
    }

    /// The board state's JSON at each instant after one refresh, read back as objects.
    @MainActor
    func states(_ repository: GTFSDeparturesRepository, at instants: [Date] = [CentralStation.start]) async throws -> [BoardJSON] {
        let rules = DepartureRules(calendar: ServiceDayCalendar(zone: Self.zone))
        let board = BoardViewModel(
            boardName: "Central", useCase: LoadDeparturesUseCase(repository: repository, rules: rules),
            clock: clock)
        await board.refresh()
        return try instants.map { try BoardJSON(BoardStateJSON.encode(board.state(at: $0))) }
    }

    // MARK: - Feeds as producers write them

    /// A FULL_DATASET feed stamped `age` seconds before the board's start.
    static func feed(age: Int = 10, _ entities: [TransitRealtime_FeedEntity]) -> TransitRealtime_FeedMessage {
        var feed = TransitRealtime_FeedMessage()
        feed.header.gtfsRealtimeVersion = "2.0"
        feed.header.timestamp = UInt64(Int(start.timeIntervalSince1970) - age)
        feed.entity = entities
        return feed
    }

    static func selector(
        agency: String? = nil, route: String? = nil, routeType: Int32? = nil, direction: UInt32? = nil,
        stop: String? = nil, trip: TransitRealtime_TripDescriptor? = nil
    ) -> TransitRealtime_EntitySelector {
        var selector = TransitRealtime_EntitySelector()
        if let agency { selector.agencyID = agency }
        if let route { selector.routeID = route }
        if let routeType { selector.routeType = routeType }
        if let direction { selector.directionID = direction }
        if let stop { selector.stopID = stop }
        if let trip { selector.trip = trip }
        return selector
    }

    static func translated(_ texts: [(language: String?, text: String)]) -> TransitRealtime_TranslatedString {
        var string = TransitRealtime_TranslatedString()
        string.translation = texts.map { language, text in
            var translation = TransitRealtime_TranslatedString.Translation()
            translation.text = text
            if let language { translation.language = language }
            return translation
        }
        return string
    }

    static func alert(
        _ id: String, _ header: String, _ selectors: [TransitRealtime_EntitySelector],
        effect: TransitRealtime_Alert.Effect? = nil, severity: TransitRealtime_Alert.SeverityLevel? = nil,
        from start: Date? = nil, until end: Date? = nil,
        texts: [(language: String?, text: String)]? = nil
    ) -> TransitRealtime_FeedEntity {
        var alert = TransitRealtime_Alert()
        alert.informedEntity = selectors
        alert.headerText = translated(texts ?? [(nil, header)])
        if let effect { alert.effect = effect }
        if let severity { alert.severityLevel = severity }
        if start != nil || end != nil {
            var period = TransitRealtime_TimeRange()
            if let start { period.start = UInt64(start.timeIntervalSince1970) }
            if let end { period.end = UInt64(end.timeIntervalSince1970) }
            alert.activePeriod = [period]
        }
        var entity = TransitRealtime_FeedEntity()
        entity.id = id
        entity.alert = alert
        return entity
    }

    /// t1 two minutes late: the rows are live.
    static func lateT1() -> TransitRealtime_FeedEntity {
        var update = TransitRealtime_TripUpdate()
        update.trip.tripID = "t1"
        update.delay = 120
        var entity = TransitRealtime_FeedEntity()
        entity.id = "tu-t1"
        entity.tripUpdate = update
        return entity
    }

    static func varint(_ value: UInt64) -> [UInt8] {
        var value = value, bytes: [UInt8] = []
        repeat {
            bytes.append(UInt8(value & 0x7F) | (value >= 0x80 ? 0x80 : 0))
            value >>= 7
        } while value > 0
        return bytes
    }

    /// One CarriageDetails (VehiclePosition field 11, later than the committed proto):
    /// id (1), occupancy_status (3), carriage_sequence (5).
    static func carriage(_ sequence: UInt64, _ status: UInt64?, id: String) -> [UInt8] {
        var payload = varint(1 << 3 | 2) + varint(UInt64(id.utf8.count)) + Array(id.utf8)
        if let status { payload += varint(3 << 3) + varint(status) }
        payload += varint(5 << 3) + varint(sequence)
        return varint(11 << 3 | 2) + varint(UInt64(payload.count)) + payload
    }

    static func vehicle(
        _ id: String, trip: String, startDate: String? = nil,
        status: TransitRealtime_VehiclePosition.OccupancyStatus? = nil, percent: UInt32? = nil,
        carriages: [UInt8] = []
    ) throws -> TransitRealtime_FeedEntity {
        var vehicle = TransitRealtime_VehiclePosition()
        vehicle.trip.tripID = trip
        if let startDate { vehicle.trip.startDate = startDate }
        vehicle.vehicle.id = id
        vehicle.timestamp = UInt64(start.timeIntervalSince1970) - 20
        if let status { vehicle.occupancyStatus = status }
        if let percent { vehicle.occupancyPercentage = percent }
        var entity = TransitRealtime_FeedEntity()
        entity.id = id
        entity.vehicle = try TransitRealtime_VehiclePosition(serializedBytes: try vehicle.serializedBytes() + carriages)
        return entity
    }
}

/// The board state's JSON, read back for checking: its alerts' ids and each row's keys by trip.
struct BoardJSON {
    let object: [String: Any]

    init(_ text: String) throws {
        object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    var alerts: [[String: Any]] { object["alerts"] as? [[String: Any]] ?? [] }
    var alertIDs: [String] { alerts.compactMap { $0["id"] as? String } }
    var rows: [[String: Any]] { object["rows"] as? [[String: Any]] ?? [] }
    var tripIDs: [String] { rows.compactMap { $0["trip_id"] as? String } }

    func row(_ trip: String) -> [String: Any]? { rows.first { $0["trip_id"] as? String == trip } }

    /// Each row's `alert_ids` by trip, empty where the row has none.
    var rowAlerts: [String: [String]] {
        Dictionary(rows.map { ($0["trip_id"] as? String ?? "?", $0["alert_ids"] as? [String] ?? []) }, uniquingKeysWith: { a, _ in a })
    }

    func alert(_ id: String) -> [String: Any]? { alerts.first { $0["id"] as? String == id } }
}
