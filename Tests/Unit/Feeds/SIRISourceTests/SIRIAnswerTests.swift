import DeparturesCore
import SIRISource
import Testing
import ZoneInfo

/// StopMonitoring answers read into rows of a Sydney board (2026-11-23: UTC+11, 09:30 is
/// 34 200 s into the service day).
struct SIRIAnswerTests {
    static let calendar = ServiceDayCalendar(zone: try! TimeZoneRules.load("Australia/Sydney"))
    static let routeNames = ["STIF:Line::C01727:": "RER C"]

    static func rows(_ text: String, bytes: [UInt8]? = nil) throws(SIRIAnswer.Problem) -> [Departure] {
        try SIRIAnswer.departures(bytes ?? Array(text.utf8), calendar: calendar, routeNames: routeNames)
    }

    /// ISO-8859-1 bytes, as the SIRI 1.3 fixture declares.
    static func latin1(_ text: String) -> [UInt8] { text.unicodeScalars.map { UInt8($0.value) } }

    @Test func siri20() throws {
        let rows = try Self.rows(SIRIFixtures.siri20)
        #expect(rows.map(\.tripID) == ["T1-0932", "T9-0945", "T1-0950", "visit-4"])
        #expect(rows.map(\.routeShortName) == ["T1", "T9", "T1", "T8"])
        // The first of a multilingual name's languages.
        #expect(rows.map(\.headsign) == ["Emu Plains", "Hornsby", "Richmond", "Central"])
        #expect(rows.map(\.scheduledTimeSecs) == [34_320, 35_100, 35_400, 35_700])
        #expect(rows.map(\.realtimeTimeSecs) == [34_440, 35_100, 35_400, 35_670])
        #expect(rows.map(\.delaySeconds) == [120, 0, 0, -30])
        #expect(rows.map(\.isRealtime) == [true, false, false, true])
        #expect(rows.map(\.isCancelled) == [false, false, true, false])
        #expect(rows.map(\.platform) == ["16", nil, nil, "23"])
        // A call with no departure is the trip's end: its arrival, shown as one.
        #expect(rows.map(\.isDropOffOnly) == [false, false, false, true])
        let visits = try SIRIAnswer.visits(Array(SIRIFixtures.siri20.utf8))
        #expect(visits.map(\.occupancy) == ["seatsAvailable", nil, nil, nil])
        #expect(rows.map(\.occupancy) == [.manySeats, nil, nil, nil])
        #expect(visits.first?[.monitoringRef] == "CENTRAL:16")
    }

    @Test func siri13WithAPrefixCodesAndItsDeclaredEncoding() throws {
        let rows = try Self.rows("", bytes: Self.latin1(SIRIFixtures.siri13))
        // route_names names one code; the other is shown as the server wrote it.
        #expect(rows.map(\.routeShortName) == ["RER C", "STIF:Line::C01742:"])
        #expect(rows.map(\.headsign) == ["Versailles", "Ch\u{E2}teau"])
        #expect(rows.map(\.tripID) == ["RER-C-118", "RER-A-7"])
        #expect(rows.map(\.scheduledTimeSecs) == [34_800, 35_280])
        #expect(rows.map(\.realtimeTimeSecs) == [34_860, 35_280])
        // An actual time is live too.
        #expect(rows.map(\.isRealtime) == [true, true])
    }

    @Test func siriLiteJSON() throws {
        let rows = try Self.rows(SIRIFixtures.lite)
        #expect(rows.map(\.routeShortName) == ["RER C", "T4"])
        #expect(rows.map(\.headsign) == ["Versailles Ch\u{E2}teau", "Bondy"])
        #expect(rows.map(\.tripID) == ["RER-C-120", "lite-2"])
        #expect(rows.map(\.scheduledTimeSecs) == [34_920, 35_520])
        #expect(rows.map(\.realtimeTimeSecs) == [34_980, 35_520])
        #expect(rows.map(\.platform) == ["B", nil])
        #expect(rows.map(\.isCancelled) == [false, true])
        #expect(try SIRIAnswer.visits(Array(SIRIFixtures.lite.utf8)).map(\.occupancy) == ["standingAvailable", nil])
        #expect(rows.map(\.occupancy) == [.standing, nil])
    }

    /// XML and JSON name the same elements: one visit written both ways gives one row.
    @Test func theTwoFormsReadAlike() throws {
        let xml = """
            <Siri xmlns="http://www.siri.org.uk/siri" version="2.0"><ServiceDelivery><StopMonitoringDelivery>
            <MonitoredStopVisit><MonitoredVehicleJourney><LineRef>L1</LineRef><DirectionName>North</DirectionName>
            <MonitoredCall><AimedDepartureTime>2026-11-23T09:40:00+11:00</AimedDepartureTime></MonitoredCall>
            </MonitoredVehicleJourney></MonitoredStopVisit></StopMonitoringDelivery></ServiceDelivery></Siri>
            """
        let json = """
            {"Siri": {"ServiceDelivery": {"StopMonitoringDelivery": {"MonitoredStopVisit": {"MonitoredVehicleJourney":
            {"LineRef": "L1", "DirectionName": {"value": "North"}, "MonitoredCall": {"AimedDepartureTime": "2026-11-23T09:40:00+11:00"}}}}}}}
            """
        let fromXML = try Self.rows(xml), fromJSON = try Self.rows(json)
        #expect(fromXML == fromJSON)
        // No journey or visit identifier: one of the stop, line and time.
        #expect(fromXML.map(\.tripID) == ["siri-visit::L1:34800"])
    }

    /// SIRI 1.x's SOAP binding: the delivery inside a GetStopMonitoringResponse's Answer.
    @Test func aSOAPEnvelopeReadsAlike() throws {
        let soap = """
            <S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body>
            <sw:GetStopMonitoringResponse xmlns:sw="http://wsdl.siri.org.uk" xmlns:siri="http://www.siri.org.uk/siri">
            <ServiceDeliveryInfo><siri:ResponseTimestamp>2026-11-23T09:30:00+11:00</siri:ResponseTimestamp></ServiceDeliveryInfo>
            <Answer><siri:StopMonitoringDelivery version="1.3"><siri:MonitoredStopVisit><siri:MonitoredVehicleJourney>
            <siri:LineRef>L1</siri:LineRef><siri:DirectionName>North</siri:DirectionName>
            <siri:MonitoredCall><siri:AimedDepartureTime>2026-11-23T09:40:00+11:00</siri:AimedDepartureTime></siri:MonitoredCall>
            </siri:MonitoredVehicleJourney></siri:MonitoredStopVisit></siri:StopMonitoringDelivery></Answer>
            </sw:GetStopMonitoringResponse></S:Body></S:Envelope>
            """
        #expect(try Self.rows(soap).map(\.headsign) == ["North"])
    }

    @Test func aServersErrorConditionIsItsWords() throws {
        #expect(throws: SIRIAnswer.Problem.server("InvalidDataReferencesError: Unknown MonitoringRef NOWHERE:1")) {
            try Self.rows(SIRIFixtures.errorCondition)
        }
        #expect(throws: SIRIAnswer.Problem.server("OtherError: Quota exceeded")) { try Self.rows(SIRIFixtures.liteErrorCondition) }
        #expect(try Self.rows(SIRIFixtures.empty).isEmpty)
    }

    /// Due at 23:58 and expected at 00:02: the scheduled time picks the day, the live one
    /// shares it (86 520 s), so the trip is not shown a day early.
    @Test func aDelayAcrossMidnightStaysOnItsServiceDay() throws {
        let visit = SIRIVisit(values: [
            .lineRef: "L1", .aimedDepartureTime: "2026-11-23T23:58:00+11:00",
            .expectedDepartureTime: "2026-11-24T00:02:00+11:00",
        ])
        let rows = try SIRIAnswer.rows([visit], calendar: Self.calendar, routeNames: [:])
        #expect(rows.map(\.scheduledTimeSecs) == [86_280])
        #expect(rows.map(\.realtimeTimeSecs) == [86_520])
    }

    @Test(
        "hostile and wrong answers are refused, never expanded",
        arguments: [
            (
                "<!DOCTYPE lolz [<!ENTITY lol \"lol\"><!ENTITY lol2 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">"
                    + "<!ENTITY lol3 \"&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;\">]><Siri>&lol3;</Siri>",
                "refused: the answer declares a DOCTYPE (a SIRI answer has none; DTDs and entities are never read)"
            ),
            (
                "<?xml version=\"1.0\"?><!DOCTYPE Siri [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><Siri>&x;</Siri>",
                "refused: the answer declares a DOCTYPE (a SIRI answer has none; DTDs and entities are never read)"
            ),
            ("<Siri>&x;</Siri>", "not well-formed XML: line 1: Entity 'x' not defined"),
            (String(repeating: "<a>", count: 10_000), "refused: XML nested more than 64 levels deep"),
            (String(repeating: "{\"a\":", count: 10_000), "not valid JSON (nested more than 64 levels deep)"),
            (
                "<Siri><ServiceDelivery></Siri>",
                "not well-formed XML: line 1: Opening and ending tag mismatch: ServiceDelivery line 1 and Siri"
            ),
            ("<html><body>Service unavailable</body></html>", "no StopMonitoringDelivery: not a SIRI StopMonitoring answer"),
            (
                "{\"Siri\": {\"ServiceDelivery\": {\"StopMonitoringDelivery\": 5}}}",
                "no StopMonitoringDelivery: not a SIRI StopMonitoring answer"
            ),
            ("{\"departures\": []}", "Siri.ServiceDelivery: missing: not a SIRI Lite answer"),
            ("[1, 2]", "neither XML nor SIRI Lite JSON (it starts with neither '<' nor '{')"),
            ("", "neither XML nor SIRI Lite JSON (it starts with neither '<' nor '{')"),
            (
                "{\"Siri\": {\"ServiceDelivery\": {\"StopMonitoringDelivery\": [{\"MonitoredStopVisit\": [{\"MonitoredVehicleJourney\":"
                    + "{\"LineRef\": \"L\", \"MonitoredCall\": {\"ExpectedDepartureTime\": 1795386600}}}]}]}}}",
                "MonitoredStopVisit[0].MonitoredVehicleJourney.MonitoredCall.ExpectedDepartureTime: expected a date-time such as 2026-11-23T09:30:00+11:00; got '1795386600'"
            ),
            (
                Self.withoutLines,
                "MonitoredStopVisit[0].MonitoredVehicleJourney: no PublishedLineName or LineRef"
                    + " (and in all 4 rows nothing could be read)"
            ),
        ])
    func hostileAnswers(body: String, says: String) {
        #expect(Self.problem(body) == says)
    }

    /// Every visit of the fixture without its line: no row can be read.
    static let withoutLines = SIRIFixtures.siri20.replacing(/<PublishedLineName[^>]*>[^<]*<\/PublishedLineName>/, with: "")
        .replacing(/<LineRef>[^<]*<\/LineRef>/, with: "")

    /// One visit that cannot be read is left out alone; the other three still show.
    @Test func aVisitWithNoLineIsLeftOutAlone() throws {
        let body = SIRIFixtures.siri20.replacing("<PublishedLineName>T9</PublishedLineName>", with: "")
            .replacing("<LineRef>LINE:T9</LineRef>", with: "")
        #expect(try Self.rows(body).map(\.tripID) == ["T1-0932", "T1-0950", "visit-4"])
    }

    /// What a refused answer says, path and all.
    static func problem(_ body: String) -> String {
        do {
            return "\(try rows(body).count) rows"
        } catch {
            switch error {
            case .data(let problem): return problem.description
            case .server(let text): return "server: " + text
            }
        }
    }
}
