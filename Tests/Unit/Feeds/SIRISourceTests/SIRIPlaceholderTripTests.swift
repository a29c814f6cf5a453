import DeparturesCore
import SIRISource
import Testing
import ZoneInfo

/// A SIRI 1.0 server that writes `-` as every visit's `DatedVehicleJourneyRef` (as
/// Traveline's NextBuses does): each visit is its own row, on one stop's board or several.
struct SIRIPlaceholderTripTests {
    static let calendar = ServiceDayCalendar(zone: try! TimeZoneRules.load("Europe/London"))
    static let now = try! InstantParser.parse("2026-11-23T09:30:00Z", zone: .utc)

    /// Twelve visits at `stop`, two lines taking turns every five minutes from 09:32 (+ `offset` minutes).
    static func answer(stop: String, offset: Int = 0) -> String {
        let visits = (0..<12).map { index in
            let minute = 32 + offset + 5 * index
            let time = "2026-11-23T\(9 + minute / 60 < 10 ? "0" : "")\(9 + minute / 60):\(minute % 60 < 10 ? "0" : "")\(minute % 60):00Z"
            return """
                <MonitoredStopVisit><RecordedAtTime>2026-11-23T09:30:00Z</RecordedAtTime><MonitoringRef>\(stop)</MonitoringRef>
                 <MonitoredVehicleJourney><LineRef>\(index % 2 == 0 ? "14" : "22")</LineRef>
                  <FramedVehicleJourneyRef><DataFrameRef>-</DataFrameRef><DatedVehicleJourneyRef>-</DatedVehicleJourneyRef></FramedVehicleJourneyRef>
                  <DirectionName>Market Square</DirectionName>
                  <MonitoredCall><AimedDepartureTime>\(time)</AimedDepartureTime></MonitoredCall>
                 </MonitoredVehicleJourney></MonitoredStopVisit>
                """
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <Siri version="1.0" xmlns="http://www.siri.org.uk/siri"><ServiceDelivery>
             <ResponseTimestamp>2026-11-23T09:30:00Z</ResponseTimestamp>
             <StopMonitoringDelivery version="1.0"><ResponseTimestamp>2026-11-23T09:30:00Z</ResponseTimestamp>
             \(visits.joined(separator: "\n"))
             </StopMonitoringDelivery></ServiceDelivery></Siri>
            """
    }

    @Test func twelveVisitsUnderADashAreTwelveRows() throws {
        let rows = try SIRIAnswer.departures(Array(Self.answer(stop: "stop-a").utf8), calendar: Self.calendar)
        #expect(rows.count == 12)
        #expect(Set(rows.map(\.tripID)).count == 12)
        #expect(!rows.contains { $0.tripID == "-" })

        // Through the board's merge too, as one stop and as two stops of the server.
        let rules = DepartureRules(calendar: Self.calendar, limit: 40)
        func place(_ index: Int) -> SourcePlace { SourcePlace(index: index, feed: "siri:server") }
        let one = rules.merged([(place(0), rules.resolve(rows, now: Self.now))], now: Self.now)
        #expect(one.count == 12)
        let other = try SIRIAnswer.departures(Array(Self.answer(stop: "stop-b", offset: 1).utf8), calendar: Self.calendar)
        let two = rules.merged(
            [(place(0), rules.resolve(rows, now: Self.now)), (place(1), rules.resolve(other, now: Self.now))],
            now: Self.now)
        #expect(two.count == 24)
    }
}
