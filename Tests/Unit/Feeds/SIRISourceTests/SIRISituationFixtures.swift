/// SituationExchange answers written for these tests from the SIRI 2.0 schema's element
/// names (`PtSituationElement`), for the Sydney board of `SIRIFixtures.siri20` (stop
/// CENTRAL:16, lines T1, T9 and T8) on 2026-11-23 at 09:30 (UTC+11).
enum SIRISituationFixtures {
    static func exchange(_ situations: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <Siri xmlns="http://www.siri.org.uk/siri" version="2.0">
          <ServiceDelivery>
            <ResponseTimestamp>2026-11-23T09:30:00+11:00</ResponseTimestamp>
            <SituationExchangeDelivery version="2.0">
              <ResponseTimestamp>2026-11-23T09:30:00+11:00</ResponseTimestamp>
              <Situations>
        \(situations)
              </Situations>
            </SituationExchangeDelivery>
          </ServiceDelivery>
        </Siri>
        """
    }

    /// Signal failure delays line T9 today: one line among the stop's three.
    static let lineT9 = """
        <PtSituationElement>
          <CreationTime>2026-11-23T06:10:00+11:00</CreationTime>
          <ParticipantRef>SYD</ParticipantRef>
          <SituationNumber>SX-LINE-T9</SituationNumber>
          <Version>2</Version>
          <ValidityPeriod><StartTime>2026-11-23T06:00:00+11:00</StartTime><EndTime>2026-11-23T20:00:00+11:00</EndTime></ValidityPeriod>
          <Progress>open</Progress>
          <EquipmentReason>signalFailure</EquipmentReason>
          <Severity>normal</Severity>
          <Summary xml:lang="en">T9 trains are delayed</Summary>
          <Description xml:lang="en">A signal failure at Strathfield delays T9 trains by up to 20 minutes.</Description>
          <Affects><Networks><AffectedNetwork><AffectedLine><LineRef>LINE:T9</LineRef></AffectedLine></AffectedNetwork></Networks></Affects>
          <Consequences><Consequence><Condition>delayed</Condition><Severity>normal</Severity></Consequence></Consequences>
        </PtSituationElement>
        """

    /// The stop itself: a lift out of service, no condition given.
    static let stop = """
        <PtSituationElement>
          <ParticipantRef>SYD</ParticipantRef>
          <SituationNumber>SX-STOP</SituationNumber>
          <ValidityPeriod><StartTime>2026-11-20T00:00:00+11:00</StartTime></ValidityPeriod>
          <EquipmentReason>liftFailure</EquipmentReason>
          <Severity>slight</Severity>
          <Summary>Lift out of service at platform 16</Summary>
          <Affects><StopPoints><AffectedStopPoint><StopPointRef>CENTRAL:16</StopPointRef></AffectedStopPoint></StopPoints></Affects>
        </PtSituationElement>
        """

    /// One journey cancelled by a strike.
    static let journey = """
        <PtSituationElement>
          <ParticipantRef>SYD</ParticipantRef>
          <SituationNumber>SX-JOURNEY</SituationNumber>
          <ValidityPeriod><StartTime>2026-11-23T05:00:00+11:00</StartTime><EndTime>2026-11-23T23:00:00+11:00</EndTime></ValidityPeriod>
          <PersonnelReason>industrialAction</PersonnelReason>
          <Severity>severe</Severity>
          <Summary>The 09:50 to Richmond does not run</Summary>
          <Affects><VehicleJourneys><AffectedVehicleJourney>
            <FramedVehicleJourneyRef><DataFrameRef>2026-11-23</DataFrameRef><DatedVehicleJourneyRef>T1-0950</DatedVehicleJourneyRef></FramedVehicleJourneyRef>
            <LineRef>LINE:T1</LineRef>
          </AffectedVehicleJourney></VehicleJourneys></Affects>
          <Consequences><Consequence><Condition>cancelled</Condition></Consequence></Consequences>
        </PtSituationElement>
        """

    /// Track work on T1 tomorrow: not in force at 09:30 today.
    static let tomorrow = """
        <PtSituationElement>
          <ParticipantRef>SYD</ParticipantRef>
          <SituationNumber>SX-TOMORROW</SituationNumber>
          <ValidityPeriod><StartTime>2026-11-24T04:00:00+11:00</StartTime><EndTime>2026-11-24T23:00:00+11:00</EndTime></ValidityPeriod>
          <EquipmentReason>maintenanceWork</EquipmentReason>
          <Summary>Buses replace T1 trains tomorrow</Summary>
          <Affects><Networks><AffectedNetwork><AffectedLine><LineRef>LINE:T1</LineRef></AffectedLine></AffectedNetwork></Networks></Affects>
          <Consequences><Consequence><Condition>replacementTransport</Condition></Consequence></Consequences>
        </PtSituationElement>
        """

    /// Another line at another stop: not the board's.
    static let elsewhere = """
        <PtSituationElement>
          <ParticipantRef>SYD</ParticipantRef>
          <SituationNumber>SX-ELSEWHERE</SituationNumber>
          <Summary>T4 trains terminate at Sutherland</Summary>
          <Affects>
            <Networks><AffectedNetwork><AffectedLine><LineRef>LINE:T4</LineRef></AffectedLine></AffectedNetwork></Networks>
            <StopPoints><AffectedStopPoint><StopPointRef>CRONULLA:1</StopPointRef></AffectedStopPoint></StopPoints>
          </Affects>
        </PtSituationElement>
        """

    /// The line's situation in three languages, blocking journey planners (no service).
    static let threeLanguages = """
        <PtSituationElement>
          <ParticipantRef>SYD</ParticipantRef>
          <SituationNumber>SX-LANG</SituationNumber>
          <MiscellaneousReason>specialEvent</MiscellaneousReason>
          <Summary xml:lang="en">No T8 trains during the parade</Summary>
          <Summary xml:lang="fr">Pas de trains T8 pendant le défilé</Summary>
          <Summary xml:lang="de-DE">Keine T8-Züge während der Parade</Summary>
          <Affects><Networks><AffectedNetwork><AffectedLine><LineRef>LINE:T8</LineRef></AffectedLine></AffectedNetwork></Networks></Affects>
          <Consequences><Consequence><Blocking><JourneyPlanner>true</JourneyPlanner></Blocking></Consequence></Consequences>
        </PtSituationElement>
        """

    static let all = exchange([lineT9, stop, journey, tomorrow, elsewhere, threeLanguages].joined(separator: "\n"))

    /// SIRI Lite's form: the line's situation, a summary in two languages.
    static let lite = """
        {"Siri": {"ServiceDelivery": {"ResponseTimestamp": "2026-11-23T09:30:00+11:00",
          "SituationExchangeDelivery": [{"Version": "2.0", "Situations": {"PtSituationElement": [
            {"SituationNumber": "SX-LINE-T9", "ParticipantRef": {"value": "SYD"},
             "ValidityPeriod": [{"StartTime": "2026-11-23T06:00:00+11:00", "EndTime": "2026-11-23T20:00:00+11:00"}],
             "EquipmentReason": "signalFailure", "Severity": "normal",
             "Summary": [{"value": "T9 trains are delayed", "lang": "en"}, {"value": "Retards sur la T9", "lang": "fr"}],
             "Description": [{"value": "A signal failure at Strathfield.", "lang": "en"}],
             "Affects": {"Networks": {"AffectedNetwork": [{"AffectedLine": [{"LineRef": {"value": "LINE:T9"}}]}]}},
             "Consequences": {"Consequence": [{"Condition": "delayed"}]}},
            {"SituationNumber": "SX-ELSEWHERE", "Summary": "T4 trains terminate at Sutherland",
             "Affects": {"Networks": {"AffectedNetwork": {"AffectedLine": {"LineRef": "LINE:T4"}}}}}
          ]}}]}}}
        """

    /// A StopMonitoring answer that names its situations itself (as MTA Bus Time's does):
    /// the T1 journey's SituationRef and a SituationExchangeDelivery beside the visits.
    static let monitoringWithSituations = SIRIFixtures.siri20
        .replacing(
            "<DestinationName>Richmond</DestinationName>",
            with: "<DestinationName>Richmond</DestinationName>"
                + "<SituationRef><SituationFullRef><ParticipantRef>SYD</ParticipantRef>"
                + "<SituationNumber>SX-REF</SituationNumber></SituationFullRef></SituationRef>"
        )
        .replacing(
            "</StopMonitoringDelivery>",
            with: """
                </StopMonitoringDelivery>
                <SituationExchangeDelivery version="2.0"><Situations>
                  <PtSituationElement>
                    <ParticipantRef>SYD</ParticipantRef>
                    <SituationNumber>SX-REF</SituationNumber>
                    <Summary>Richmond trains run to Blacktown only</Summary>
                    <Consequences><Consequence><Condition>altered</Condition></Consequence></Consequences>
                  </PtSituationElement>
                </Situations></SituationExchangeDelivery>
                """)
}
