import DeparturesCore
import HTTPFetch
import LoopbackHTTPServer
import SIRISource
import Testing
import ZoneInfo

/// Shapes real SIRI servers send that the standard allows and riders must read right, written
/// from the SIRI 1.3/2.0 schemas and the servers' public documentation (the data is made up):
/// arrival times only at every stop on the way (MTA Bus Time), `DepartureBoardingActivity`,
/// `Monitored`, SIRI 2.0's `DestinationDisplay` at the call, conditions that are no failure,
/// SIRI 2.0 JSON that starts at the `ServiceDelivery`, and SOAP servers.
struct SIRIProfileTests {
    typealias T = SIRIAnswerTests

    static func delivery(_ visits: String, extra: String = "") -> String {
        """
        <Siri xmlns="http://www.siri.org.uk/siri" version="2.0"><ServiceDelivery>
        <ResponseTimestamp>2026-11-23T09:30:00+11:00</ResponseTimestamp>
        <StopMonitoringDelivery version="2.0"><ResponseTimestamp>2026-11-23T09:30:00+11:00</ResponseTimestamp>\(extra)
        \(visits)
        </StopMonitoringDelivery></ServiceDelivery></Siri>
        """
    }

    static func visit(_ id: String, journey: String = "", call: String) -> String {
        """
        <MonitoredStopVisit><MonitoringRef>MTA_308214</MonitoringRef><ItemIdentifier>\(id)</ItemIdentifier><MonitoredVehicleJourney>
        <LineRef>MTA NYCT_B63</LineRef><PublishedLineName>B63</PublishedLineName>\(journey)
        <MonitoredCall><StopPointRef>MTA_308214</StopPointRef><StopPointName>5 AV/UNION ST</StopPointName>\(call)</MonitoredCall>
        </MonitoredVehicleJourney></MonitoredStopVisit>
        """
    }

    /// MTA Bus Time sends only arrival times, at every stop: riders board at them. Only the
    /// journey's own destination (by reference or, without one, by name) is an arrival.
    @Test func arrivalTimesOnTheWayAreWhenRidersBoard() throws {
        let rows = try T.rows(
            Self.delivery(
                [
                    Self.visit(
                        "on-the-way",
                        journey: "<DestinationRef>MTA_305423</DestinationRef><DestinationName>BAY RIDGE 95 ST</DestinationName>",
                        call: "<ExpectedArrivalTime>2026-11-23T09:33:12.000+11:00</ExpectedArrivalTime>"),
                    Self.visit(
                        "ends-here", journey: "<DestinationRef>MTA_308214</DestinationRef><DestinationName>UNION ST</DestinationName>",
                        call: "<AimedArrivalTime>2026-11-23T09:40:00+11:00</AimedArrivalTime>"),
                    Self.visit(
                        "ends-here-by-name", journey: "<DestinationName>5 Av/Union St</DestinationName>",
                        call: "<AimedArrivalTime>2026-11-23T09:45:00+11:00</AimedArrivalTime>"),
                    Self.visit(
                        "no-boarding", journey: "<DestinationName>PIER 6</DestinationName>",
                        call:
                            "<AimedDepartureTime>2026-11-23T09:50:00+11:00</AimedDepartureTime><DepartureBoardingActivity>noBoarding</DepartureBoardingActivity>"
                    ),
                ].joined()))
        #expect(rows.map(\.tripID) == ["on-the-way", "ends-here", "ends-here-by-name", "no-boarding"])
        #expect(rows.map(\.isDropOffOnly) == [false, true, true, true])
        #expect(rows.map(\.realtimeTimeSecs) == [34_392, 34_800, 35_100, 35_400])
        #expect(rows.map(\.isRealtime) == [true, false, false, false])
    }

    /// `Monitored: false`: the vehicle is not tracked, and some servers copy the aimed time into
    /// the expected one: a scheduled row. SIRI 2.0's `DestinationDisplay` at the call is the
    /// headsign when the journey names no destination.
    @Test func untrackedJourneysAndTheDisplayAtTheCall() throws {
        let rows = try T.rows(
            Self.delivery(
                [
                    Self.visit(
                        "untracked", journey: "<DirectionName>Aller</DirectionName><Monitored>false</Monitored>",
                        call:
                            "<AimedDepartureTime>2026-11-23T09:40:00+11:00</AimedDepartureTime><ExpectedDepartureTime>2026-11-23T09:40:00+11:00</ExpectedDepartureTime><DestinationDisplay>POEY DE LESCAR</DestinationDisplay>"
                    ),
                    Self.visit(
                        "tracked", journey: "<DirectionName>Aller</DirectionName><Monitored>true</Monitored>",
                        call:
                            "<AimedDepartureTime>2026-11-23T09:45:00+11:00</AimedDepartureTime><ExpectedDepartureTime>2026-11-23T09:46:00+11:00</ExpectedDepartureTime>"
                    ),
                ].joined()))
        #expect(rows.map(\.isRealtime) == [false, true])
        #expect(rows.map(\.headsign) == ["POEY DE LESCAR", "Aller"])
        #expect(rows.map(\.delaySeconds) == [0, 60])
    }

    /// NoInfoForTopicError: a valid request with nothing due is an empty board, not a failure.
    /// ParametersIgnoredError: the server answered anyway, and its visits stand.
    @Test func conditionsThatAreNoFailure() throws {
        let none = Self.delivery(
            "",
            extra: "<Status>false</Status><ErrorCondition><NoInfoForTopicError/><Description>Pas de donnée</Description></ErrorCondition>")
        #expect(try T.rows(none).isEmpty)
        let ignored = Self.delivery(
            Self.visit("v1", call: "<AimedDepartureTime>2026-11-23T09:40:00+11:00</AimedDepartureTime>"),
            extra:
                "<Status>false</Status><ErrorCondition><ParametersIgnoredError><ErrorText>PreviewInterval</ErrorText></ParametersIgnoredError></ErrorCondition>"
        )
        #expect(try T.rows(ignored).map(\.tripID) == ["v1"])
        let refused = Self.delivery(
            "",
            extra:
                "<Status>false</Status><ErrorCondition><InvalidDataReferencesError><ErrorText>MonitoringRef 1</ErrorText></InvalidDataReferencesError></ErrorCondition>"
        )
        #expect(throws: SIRIAnswer.Problem.server("InvalidDataReferencesError: MonitoringRef 1")) { try T.rows(refused) }
    }

    /// SIRI 2.0 JSON from servers that start at the ServiceDelivery (CTS Strasbourg's).
    @Test func jsonThatStartsAtTheServiceDelivery() throws {
        let rows = try T.rows(
            """
            {"ServiceDelivery": {"ResponseTimestamp": "2026-11-23T09:30:00+11:00", "StopMonitoringDelivery": [{"MonitoredStopVisit": [
              {"MonitoringRef": "240", "MonitoredVehicleJourney": {"LineRef": "A", "PublishedLineName": "A", "DestinationName": "Parc des Sports",
               "MonitoredCall": {"StopPointRef": "240", "ExpectedDepartureTime": "2026-11-23T09:34:00+11:00", "AimedDepartureTime": "2026-11-23T09:33:00+11:00"}}}]}]}}
            """)
        #expect(rows.map(\.routeShortName) == ["A"])
        #expect(rows.map(\.delaySeconds) == [60])
    }

    /// A SOAP server's fault (sent with HTTP 500) is the source's error in its words.
    @Test func aSOAPFaultIsTheServersWords() throws {
        let fault = """
            <soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault>
            <faultcode>soap:Client</faultcode><faultstring>Unexpected wrapper element Siri. Expected GetStopMonitoring.</faultstring>
            </soap:Fault></soap:Body></soap:Envelope>
            """
        #expect(throws: SIRIAnswer.Problem.server("SOAP fault: Unexpected wrapper element Siri. Expected GetStopMonitoring.")) {
            try T.rows(fault)
        }
    }

    /// `request: soap`: the WSDL's GetStopMonitoring in a SOAP 1.1 envelope, with its action,
    /// and the SOAP answer (`GetStopMonitoringResponse/Answer`) read like any other.
    @Test func aSOAPRequestAndItsAnswer() async throws {
        let answer = """
            <?xml version="1.0" encoding="UTF-8"?>
            <S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body>
            <sw:GetStopMonitoringResponse xmlns:sw="http://wsdl.siri.org.uk" xmlns:siri="http://www.siri.org.uk/siri">
            <ServiceDeliveryInfo><siri:ResponseTimestamp>2026-11-23T09:30:00+11:00</siri:ResponseTimestamp></ServiceDeliveryInfo>
            <Answer><siri:StopMonitoringDelivery version="2.0"><siri:ResponseTimestamp>2026-11-23T09:30:00+11:00</siri:ResponseTimestamp>
            <siri:MonitoredStopVisit><siri:ItemIdentifier>v1</siri:ItemIdentifier><siri:MonitoredVehicleJourney>
            <siri:LineRef>T1</siri:LineRef><siri:DestinationName>Gare</siri:DestinationName>
            <siri:MonitoredCall><siri:AimedDepartureTime>2026-11-23T09:41:00+11:00</siri:AimedDepartureTime></siri:MonitoredCall>
            </siri:MonitoredVehicleJourney></siri:MonitoredStopVisit></siri:StopMonitoringDelivery></Answer>
            <AnswerExtension/></sw:GetStopMonitoringResponse></S:Body></S:Envelope>
            """
        let server = try LoopbackHTTPServer { _ in .text(answer, contentType: "text/xml") }
        defer { server.stop() }
        let request = SIRIRequest(
            url: server.baseURL + "/siri", stopID: "STOP:1&2", lineRef: "T1", previewInterval: .seconds(3600),
            method: .soap, requestorRef: "hall")
        let repository = SIRIRepository(
            settings: .init(request: request, calendar: T.calendar),
            clock: FixedBoardClock(now: Date(timeIntervalSince1970: 1_795_386_600)))
        let rows = try await repository.departures()
        #expect(rows.map(\.tripID) == ["v1"])
        let sent = try #require(server.requests.first)
        #expect(sent.method == "POST" && sent.path == "/siri")
        #expect(sent.header("SOAPAction") == "\"GetStopMonitoring\"")
        #expect(sent.header("Content-Type") == "text/xml; charset=utf-8")
        #expect(
            String(decoding: sent.body, as: UTF8.self) == """
                <?xml version="1.0" encoding="UTF-8"?>
                <S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/">
                <S:Body>
                <sw:GetStopMonitoring xmlns:sw="http://wsdl.siri.org.uk" xmlns:siri="http://www.siri.org.uk/siri">
                <ServiceRequestInfo>
                <siri:RequestTimestamp>2026-11-23T09:30:00+11:00</siri:RequestTimestamp>
                <siri:RequestorRef>hall</siri:RequestorRef>
                <siri:MessageIdentifier>hall:SM:1795386600</siri:MessageIdentifier>
                </ServiceRequestInfo>
                <Request version="2.0">
                <siri:RequestTimestamp>2026-11-23T09:30:00+11:00</siri:RequestTimestamp>
                <siri:MessageIdentifier>hall:SM:1795386600</siri:MessageIdentifier>
                <siri:PreviewInterval>PT60M</siri:PreviewInterval>
                <siri:MonitoringRef>STOP:1&amp;2</siri:MonitoringRef>
                <siri:LineRef>T1</siri:LineRef>
                </Request>
                <RequestExtension/>
                </sw:GetStopMonitoring>
                </S:Body>
                </S:Envelope>

                """)
    }
}
