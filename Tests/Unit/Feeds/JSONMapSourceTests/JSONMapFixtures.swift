import DeparturesCore
import JSONMapSource
import JSONPath
import ZoneInfo

/// Answers in the shapes agencies publish, written for these tests from the APIs' public
/// documentation (field names and nesting; the data is made up), each with the mapping a
/// board file would declare for it. Every "now" is 09:30 local on 2026-11-23.
enum JSONMapFixtures {
    static func query(_ text: String) -> JSONPath { try! JSONPath(text) }

    static func calendar(_ zone: String) -> ServiceDayCalendar {
        ServiceDayCalendar(zone: try! TimeZoneRules.load(zone))
    }

    // MARK: - A GraphQL journey planner (Entur's v3 shape): POST, ISO 8601 with +0100 offsets.

    static let osloNow = Date(timeIntervalSince1970: 1_795_422_600)
    static let graphQLBody =
        #"{"query": "query($id: String!) { stopPlace(id: $id) { name estimatedCalls(numberOfDepartures: 5) { realtime aimedDepartureTime expectedDepartureTime cancellation quay { publicCode } destinationDisplay { frontText } serviceJourney { id line { publicCode } } } } }", "variables": {"id": "{stop_id}"}}"#

    static let graphQLMapping = JSONMapping(
        rows: query("$.data.stopPlace.estimatedCalls[*]"),
        fields: [
            .route: [query("$.serviceJourney.line.publicCode")],
            .headsign: [query("$.destinationDisplay.frontText")],
            .departure: [query("$.expectedDepartureTime")],
            .scheduled: [query("$.aimedDepartureTime")],
            .tripID: [query("$.serviceJourney.id")],
            .platform: [query("$.quay.publicCode")],
            .cancelled: [query("$.cancellation")],
            .realtime: [query("$.realtime")],
        ])

    static func estimatedCall(
        line: String, to: String, aimed: String, expected: String, realtime: Bool = true,
        cancelled: Bool = false, quay: String? = "2", journey: String
    ) -> String {
        """
        {"realtime": \(realtime), "aimedDepartureTime": "\(aimed)", "expectedDepartureTime": "\(expected)",
         "cancellation": \(cancelled), "quay": \(quay.map { "{\"publicCode\": \"\($0)\"}" } ?? "null"),
         "destinationDisplay": {"frontText": "\(to)"},
         "serviceJourney": {"id": "\(journey)", "line": {"publicCode": "\(line)"}}}
        """
    }

    static let graphQLAnswer = """
        {"data": {"stopPlace": {"name": "Jernbanetorget", "estimatedCalls": [
          \(estimatedCall(line: "31", to: "Tonsenhagen", aimed: "2026-11-23T09:33:00+0100", expected: "2026-11-23T09:35:30+0100",
                          journey: "RUT:ServiceJourney:31-1"))
          ,\(estimatedCall(line: "2", to: "Ellingsrudåsen", aimed: "2026-11-23T09:40:00+0100", expected: "2026-11-23T09:40:00+0100",
                           realtime: false, quay: nil, journey: "RUT:ServiceJourney:2-9"))
          ,\(estimatedCall(line: "L2", to: "Stabekk", aimed: "2026-11-23T09:45:00+01:00", expected: "2026-11-23T09:45:00+01:00",
                           cancelled: true, quay: "19", journey: "VYG:ServiceJourney:L2-4"))
        ]}}}
        """

    // MARK: - A REST API of arrival predictions (TfL's StopPoint Arrivals shape): a bare list, UTC times.

    static let londonNow = Date(timeIntervalSince1970: 1_795_426_200)
    static let arrivalsMapping = JSONMapping(
        rows: query("$[*]"),
        fields: [
            .route: [query("$.lineName")], .headsign: [query("$.destinationName")],
            .departure: [query("$.expectedArrival")], .platform: [query("$.platformName")], .tripID: [query("$.vehicleId")],
        ])
    static let arrivalsAnswer = """
        [{"$type": "Tfl.Api.Presentation.Entities.Prediction, Tfl.Api.Presentation.Entities", "id": "-1187213001",
          "operationType": 1, "vehicleId": "LJ16EWT", "naptanId": "490008660N", "stationName": "Oxford Circus",
          "lineId": "73", "lineName": "73", "platformName": "N", "direction": "outbound", "destinationName": "Stoke Newington",
          "timestamp": "2026-11-23T09:29:51.123Z", "timeToStation": 489, "expectedArrival": "2026-11-23T09:38:00Z",
          "modeName": "bus"},
         {"$type": "Tfl.Api.Presentation.Entities.Prediction, Tfl.Api.Presentation.Entities", "id": "-1187213002",
          "operationType": 1, "vehicleId": "LTZ1234", "naptanId": "490008660N", "lineId": "390", "lineName": "390",
          "platformName": "N", "destinationName": "Archway", "timeToStation": 129,
          "expectedArrival": "2026-11-23T09:32:09.5Z", "modeName": "bus"}]
        """

    // MARK: - A REST API in epoch milliseconds (TriMet's arrivals shape): estimated only when tracked.

    static let portlandNow = Date(timeIntervalSince1970: 1_795_455_000)
    static let epochMapping = JSONMapping(
        rows: query("$.resultSet.arrival[*]"),
        fields: [
            .route: [query("$.route")], .headsign: [query("$.shortSign")],
            .departure: [query("$.estimated"), query("$.scheduled")], .scheduled: [query("$.scheduled")],
            .tripID: [query("$.tripID")], .cancelled: [query("$.status")],
        ], timeFormat: .epochMilliseconds)
    static let portlandNineThirty: Int64 = 1_795_455_000_000
    static let epochAnswer = """
        {"resultSet": {"queryTime": \(portlandNineThirty), "location": [{"id": 8989, "desc": "SW 6th & Madison"}],
         "arrival": [
          {"route": 20, "shortSign": "Gresham TC", "fullSign": "20 Burnside/Stark to Gresham TC", "status": "estimated",
           "scheduled": \(portlandNineThirty + 240_000), "estimated": \(portlandNineThirty + 360_000), "tripID": "1001", "locid": 8989},
          {"route": 15, "shortSign": "Gateway TC", "status": "scheduled",
           "scheduled": \(portlandNineThirty + 600_000), "tripID": "1002", "locid": 8989},
          {"route": 90, "shortSign": "Airport", "status": "canceled",
           "scheduled": "\(portlandNineThirty + 900_000)", "tripID": "1003", "locid": 8989}
         ]}}
        """

    // MARK: - Service-day seconds with the day's start (Digitransit's stoptimes shape).

    static let helsinkiNow = Date(timeIntervalSince1970: 1_795_419_000)
    static let helsinkiServiceDay = 1_795_384_800
    static let serviceDayMapping = JSONMapping(
        rows: query("$.data.stop.stoptimesWithoutPatterns[*]"),
        fields: [
            .route: [query("$.trip.route.shortName")], .headsign: [query("$.headsign")],
            .departure: [query("$.realtimeDeparture")], .scheduled: [query("$.scheduledDeparture")],
            .serviceDay: [query("$.serviceDay")], .realtime: [query("$.realtime")], .cancelled: [query("$.realtimeState")],
            .tripID: [query("$.trip.gtfsId")],
        ], timeFormat: .serviceDaySeconds)
    static let serviceDayAnswer = """
        {"data": {"stop": {"name": "Rautatientori", "stoptimesWithoutPatterns": [
          {"scheduledDeparture": 34500, "realtimeDeparture": 34560, "departureDelay": 60, "realtime": true,
           "realtimeState": "UPDATED", "serviceDay": \(helsinkiServiceDay), "headsign": "Kamppi",
           "trip": {"gtfsId": "HSL:1055_20261123_Ma_1_0930", "route": {"shortName": "55"}}},
          {"scheduledDeparture": 87000, "realtimeDeparture": 87000, "departureDelay": 0, "realtime": false,
           "realtimeState": "SCHEDULED", "serviceDay": \(helsinkiServiceDay - 86_400), "headsign": "Pasila",
           "trip": {"gtfsId": "HSL:1009_20261122_Su_2_0010", "route": {"shortName": "9"}}},
          {"scheduledDeparture": 35100, "realtimeDeparture": 35100, "departureDelay": 0, "realtime": true,
           "realtimeState": "CANCELED", "serviceDay": \(helsinkiServiceDay), "headsign": "Munkkiniemi",
           "trip": {"gtfsId": "HSL:1004_20261123_Ma_1_0945", "route": {"shortName": "4"}}}
        ]}}}
        """
}
