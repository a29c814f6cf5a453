import DeparturesCore
import HTTPFetch
import LoopbackHTTPServer
import OneBusAwaySource
import Testing
import ZoneInfo

/// `kind: onebusaway` against a real HTTP server on 127.0.0.1, with answers written from
/// OneBusAway's published API documentation (the envelope, `arrivalAndDeparture`, `route`).
struct OneBusAwayRepositoryTests {
    static let calendar = ServiceDayCalendar(zone: try! TimeZoneRules.load("Australia/Sydney"))
    /// 2026-11-23, Sydney (AEDT, UTC+11): local midnight and 09:30.
    static let midnight: Int64 = 1_795_352_400_000
    static let nineThirty: Int64 = 1_795_386_600_000

    static func visit(
        trip: String, route: String = "1_100", shortName: String? = "E", headsign: String = "Downtown",
        scheduled: Int64, predicted: Int64 = 0, isPredicted: Bool = false,
        departs: Bool = true, extra: String = ""
    ) -> String {
        let name = shortName.map { "\"routeShortName\": \"\($0)\"," } ?? ""
        return """
            {"routeId": "\(route)", "tripId": "\(trip)", "serviceDate": \(midnight), "stopId": "1_75403", \(name)
             "tripHeadsign": "\(headsign)", "arrivalEnabled": true, "departureEnabled": \(departs),
             "scheduledArrivalTime": \(scheduled), "scheduledDepartureTime": \(departs ? scheduled : 0),
             "predicted": \(isPredicted), "predictedArrivalTime": \(predicted), "predictedDepartureTime": \(departs ? predicted : 0),
             "status": "default" \(extra)}
            """
    }

    static func answer(_ visits: [String], code: Int = 200, text: String = "OK") -> String {
        """
        {"code": \(code), "currentTime": \(nineThirty), "text": "\(text)", "version": 2,
         "data": {"entry": {"stopId": "1_75403", "arrivalsAndDepartures": [\(visits.joined(separator: ","))]},
                  "references": {"routes": [{"id": "1_100", "shortName": "E", "longName": "E Line", "color": "F99D1C", "textColor": "000000"},
                                            {"id": "1_200", "shortName": "", "longName": "Link light rail", "color": "", "textColor": ""}]}}}
        """
    }

    func fetch(_ reply: Reply, apiKey: APIKey? = nil) async throws -> (Result<[Departure], DeparturesError>, [RecordedRequest]) {
        let server = try LoopbackHTTPServer { _ in reply }
        defer { server.stop() }
        let repository = OneBusAwayRepository(
            settings: .init(
                baseURL: server.baseURL + "/", stopID: "1_75403", apiKey: apiKey,
                limits: FetchLimits(requestTimeout: .seconds(8), resourceTimeout: .seconds(15), maxResponseBytes: 1 << 20),
                calendar: Self.calendar))
        do {
            return (.success(try await repository.departures()), server.requests)
        } catch {
            return (.failure(error), server.requests)
        }
    }

    @Test func predictedAndScheduledVisitsBecomeRows() async throws {
        let body = Self.answer([
            Self.visit(trip: "1_live", scheduled: Self.nineThirty, predicted: Self.nineThirty + 120_000, isPredicted: true),
            // `predicted` true but no prediction yet (0): the schedule, not realtime.
            Self.visit(trip: "1_sched", scheduled: Self.nineThirty + 900_000, isPredicted: true),
            // No short name on the visit or its route: the route's long name.
            Self.visit(trip: "1_link", route: "1_200", shortName: nil, headsign: "Angle Lake", scheduled: Self.nineThirty + 1_800_000),
        ])
        let key = APIKey(header: "", source: .environment("OBA_KEY"), environment: { $0 == "OBA_KEY" ? "TEST key/1" : nil })
        let (result, requests) = try await fetch(.text(body, contentType: "application/json"), apiKey: key)
        let rows = try result.get()
        #expect(requests.map(\.path) == ["/api/where/arrivals-and-departures-for-stop/1_75403.json?key=TEST%20key%2F1"])
        #expect(rows.map(\.tripID) == ["1_live", "1_sched", "1_link"])
        #expect(rows.map(\.routeShortName) == ["E", "E", "Link light rail"])
        #expect(rows.map(\.scheduledTimeSecs) == [34_200, 35_100, 36_000])
        #expect(rows.map(\.realtimeTimeSecs) == [34_320, 35_100, 36_000])
        #expect(rows.map(\.delaySeconds) == [120, 0, 0])
        #expect(rows.map(\.isRealtime) == [true, false, false])
        #expect(rows[0].routeColor == "F99D1C" && rows[0].routeTextColor == "000000")
        #expect(rows[2].routeColor == nil)
    }

    /// The trip's last stop has no departure: its arrival, shown as one; a frequency-based
    /// trip's schedule is an estimate; a cancelled trip is a cancelled row; a track is a platform.
    @Test func arrivalsFrequenciesCancellationsAndTracks() async throws {
        let body = Self.answer([
            Self.visit(trip: "1_end", scheduled: Self.nineThirty, departs: false),
            Self.visit(trip: "1_freq", scheduled: Self.nineThirty + 300_000, extra: ", \"frequency\": {\"headwaySecs\": 600}"),
            Self.visit(trip: "1_gone", scheduled: Self.nineThirty + 600_000, extra: ", \"tripStatus\": {\"status\": \"CANCELED\"}"),
            Self.visit(trip: "1_track", scheduled: Self.nineThirty + 900_000, extra: ", \"actualTrack\": \"2\", \"scheduledTrack\": \"1\""),
        ])
        let rows = try await fetch(.text(body)).0.get()
        #expect(rows.map(\.isDropOffOnly) == [true, false, false, false])
        #expect(rows[0].scheduledTimeSecs == 34_200)
        #expect(rows.map(\.isEstimated) == [false, true, false, false])
        #expect(rows.map(\.isCancelled) == [false, false, true, false])
        #expect(rows.map(\.platform) == [nil, nil, nil, "2"])
    }

    /// A prediction decades from its schedule is counted on its own service day, never
    /// outside one (found by fuzz-onebusaway).
    @Test func aPredictionFarFromItsScheduleStaysWithinAServiceDay() async throws {
        let body = Self.answer([
            Self.visit(trip: "1_far", scheduled: 3_590_776_800_000, predicted: Self.nineThirty + 120_000, isPredicted: true)
        ])
        let rows = try await fetch(.text(body)).0.get()
        #expect(rows.map(\.realtimeTimeSecs) == [34_320])
    }

    /// OneBusAway's occupancy fields, in GTFS-Realtime's names: the prediction first.
    @Test func crowding() async throws {
        let body = Self.answer([
            Self.visit(
                trip: "1_a", scheduled: Self.nineThirty,
                extra: ", \"occupancyStatus\": \"MANY_SEATS_AVAILABLE\", \"predictedOccupancy\": \"STANDING_ROOM_ONLY\""),
            Self.visit(trip: "1_b", scheduled: Self.nineThirty, extra: ", \"occupancyStatus\": \"\", \"historicalOccupancy\": \"FULL\""),
            Self.visit(trip: "1_c", scheduled: Self.nineThirty, extra: ", \"occupancyStatus\": \"NO_DATA_AVAILABLE\""),
        ])
        let rows = try await fetch(.text(body)).0.get()
        #expect(rows.map(\.occupancy) == [.standing, .full, nil])
    }

    /// A frequency-based trip's scheduled times are "now plus the headway", per the API's
    /// documentation: a prediction against them is no delay.
    @Test func aFrequencyBasedTripIsNeverLate() async throws {
        let body = Self.answer([
            Self.visit(
                trip: "1_freq", scheduled: Self.nineThirty + 600_000, predicted: Self.nineThirty + 720_000, isPredicted: true,
                extra: ", \"frequency\": {\"headwaySecs\": 600}"),
            Self.visit(trip: "1_timed", scheduled: Self.nineThirty + 600_000, predicted: Self.nineThirty + 720_000, isPredicted: true),
        ])
        let rows = try await fetch(.text(body)).0.get()
        #expect(rows.map(\.delaySeconds) == [0, 120])
        #expect(rows.map(\.realtimeTimeSecs) == [34_920, 34_920])
        #expect(rows.map(\.scheduledTimeSecs) == [34_920, 34_800])
        #expect(rows.map(\.isRealtime) == [true, true])
        #expect(rows.map(\.isEstimated) == [false, false])
    }

    /// Errors come in the body's `code` and `text`, with HTTP 200 or with the same status;
    /// the key never reaches a message.
    @Test func errorsSayTheServersTextAndNeverTheKey() async throws {
        let key = APIKey(header: "", source: .environment("K"), environment: { _ in "s3cret" })
        let inBody = try await fetch(.text(Self.answer([], code: 401, text: "permission denied")), apiKey: key).0
        #expect(
            inBody.failureDescription.hasSuffix("arrivals-and-departures-for-stop/1_75403.json: OneBusAway error 401: permission denied"),
            "\(inBody)")
        let withStatus = try await fetch(
            .respond(status: 404, body: Array(Self.answer([], code: 404, text: "resource not found").utf8)),
            apiKey: key
        ).0
        #expect(withStatus.failureDescription.hasSuffix("OneBusAway error 404: resource not found"), "\(withStatus)")
        let plain = try await fetch(.respond(status: 500, body: Array("<html>oops</html>".utf8)), apiKey: key).0
        #expect(plain.failureDescription.contains("HTTP 500 from http://127.0.0.1:"), "\(plain)")
        for result in [inBody, withStatus, plain] { #expect(!result.failureDescription.contains("s3cret")) }
    }

    @Test(
        "hostile answers are the source's error",
        arguments: [
            (String(repeating: "[", count: 5000), "nested more than 64 levels"),
            ("{\"code\": \"200\"}", "code: expected"),
            ("{\"code\": 200, \"data\": {}}", "data.entry: missing"),
            (answer([visit(trip: "x", scheduled: nineThirty).replacing("\"tripId\": \"x\"", with: "\"tripId\": 7")]), "tripId"),
            ("not json", "not valid JSON"),
        ])
    func hostileAnswersAreRefused(body: String, says: String) async throws {
        let result = try await fetch(.text(body)).0
        guard case .failure(.invalidData(let source, let error)) = result else {
            Issue.record("expected invalid data, got \(result)")
            return
        }
        #expect(source.hasSuffix("/api/where/arrivals-and-departures-for-stop/1_75403.json"))
        #expect(error.description.contains(says), "\(error)")
    }

    /// Instants become service-day seconds that give the same instant back wherever the board
    /// looks from within 12 h: after midnight, and on the day clocks go forward (2026-10-04).
    @Test(
        "an instant survives the round trip through service-day seconds",
        arguments: [
            (Int64(1_795_439_400), Int64(1_795_438_500)),  // 00:10 next day, seen at 23:55
            (Int64(1_795_438_500), Int64(1_795_439_400)),  // 23:55, seen at 00:10 next day
            (Int64(1_791_041_400), Int64(1_791_036_000)),  // 01:30 AEST, seen at midnight
            (Int64(1_791_045_000), Int64(1_791_041_400)),  // 03:30 AEDT (02:00 skipped), seen at 01:30
            (Int64(1_775_309_400), Int64(1_775_307_000)),  // 00:30 AEDT on 2026-04-05 (clocks go back at 03:00), seen at 23:50
        ])
    func instantsRoundTrip(unix: Int64, now: Int64) {
        let calendar = Self.calendar
        let seconds = calendar.secondsFromStart(of: Date(timeIntervalSince1970: Double(unix)))
        #expect(DeparturesDecoder.serviceSecondsRange.contains(seconds))
        let nowDate = Date(timeIntervalSince1970: Double(now))
        let back = calendar.instant(seconds, on: calendar.nearestServiceDay(for: seconds, now: nowDate))
        #expect(back.unixSeconds == unix)
    }

    /// A trip due at 23:58 and expected at 00:02 stays that service day's (86,520 s), so the
    /// board shows it in 7 minutes, not a day early.
    @Test func aLateTripPastMidnightStaysOnItsServiceDay() async throws {
        let due: Int64 = 1_795_438_680_000  // 2026-11-23 23:58 Sydney
        let body = Self.answer([Self.visit(trip: "1_late", scheduled: due, predicted: due + 240_000, isPredicted: true)])
        let row = try #require(try await fetch(.text(body)).0.get().first)
        #expect(row.scheduledTimeSecs == 86_280 && row.realtimeTimeSecs == 86_520 && row.delaySeconds == 240)
    }

    /// The service day of the day clocks go back starts at 01:00 local: 00:30 is the day
    /// before's 24:30:00, as GTFS writes it.
    @Test func theHourBeforeAServiceDayStartsIsTheDayBefores() {
        #expect(Self.calendar.secondsFromStart(of: Date(timeIntervalSince1970: 1_775_309_400)) == 88_200)
    }
}

extension Result where Failure == DeparturesError {
    var failureDescription: String {
        if case .failure(let error) = self { return error.description }
        return "no error"
    }
}
