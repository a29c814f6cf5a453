/// StopMonitoring answers written for these tests from the SIRI schemas' element names
/// (CEN/TS 15531, SIRI 1.3 and 2.0) and SIRI Lite's JSON form of them. Times are Sydney's
/// (UTC+11 on 2026-11-23), where the tests' board is; one is written in UTC.
enum SIRIFixtures {
    /// SIRI 2.0, default namespace: a live departure (2 min late, platform, occupancy), a
    /// scheduled one in UTC, a cancelled one, and an arrival at a terminus.
    static let siri20 = """
        <?xml version="1.0" encoding="UTF-8"?>
        <Siri xmlns="http://www.siri.org.uk/siri" version="2.0">
          <ServiceDelivery>
            <ResponseTimestamp>2026-11-23T09:30:00+11:00</ResponseTimestamp>
            <ProducerRef>TEST</ProducerRef>
            <StopMonitoringDelivery version="2.0">
              <ResponseTimestamp>2026-11-23T09:30:00+11:00</ResponseTimestamp>
              <MonitoredStopVisit>
                <RecordedAtTime>2026-11-23T09:29:40+11:00</RecordedAtTime>
                <ItemIdentifier>visit-1</ItemIdentifier>
                <MonitoringRef>CENTRAL:16</MonitoringRef>
                <MonitoredVehicleJourney>
                  <LineRef>LINE:T1</LineRef>
                  <DirectionRef>outbound</DirectionRef>
                  <FramedVehicleJourneyRef>
                    <DataFrameRef>2026-11-23</DataFrameRef>
                    <DatedVehicleJourneyRef>T1-0932</DatedVehicleJourneyRef>
                  </FramedVehicleJourneyRef>
                  <PublishedLineName xml:lang="en">T1</PublishedLineName>
                  <DirectionName>Outbound</DirectionName>
                  <DestinationName xml:lang="en">Emu Plains</DestinationName>
                  <DestinationName xml:lang="fr">Emu Plaines</DestinationName>
                  <Occupancy>seatsAvailable</Occupancy>
                  <MonitoredCall>
                    <StopPointRef>CENTRAL:16</StopPointRef>
                    <AimedDepartureTime>2026-11-23T09:32:00+11:00</AimedDepartureTime>
                    <ExpectedDepartureTime>2026-11-23T09:34:00+11:00</ExpectedDepartureTime>
                    <DepartureStatus>delayed</DepartureStatus>
                    <DeparturePlatformName>16</DeparturePlatformName>
                  </MonitoredCall>
                </MonitoredVehicleJourney>
              </MonitoredStopVisit>
              <MonitoredStopVisit>
                <RecordedAtTime>2026-11-23T09:29:40+11:00</RecordedAtTime>
                <ItemIdentifier>visit-2</ItemIdentifier>
                <MonitoringRef>CENTRAL:16</MonitoringRef>
                <MonitoredVehicleJourney>
                  <LineRef>LINE:T9</LineRef>
                  <FramedVehicleJourneyRef>
                    <DataFrameRef>2026-11-23</DataFrameRef>
                    <DatedVehicleJourneyRef>T9-0945</DatedVehicleJourneyRef>
                  </FramedVehicleJourneyRef>
                  <PublishedLineName>T9</PublishedLineName>
                  <DestinationName>Hornsby</DestinationName>
                  <MonitoredCall>
                    <AimedDepartureTime>2026-11-22T22:45:00Z</AimedDepartureTime>
                  </MonitoredCall>
                </MonitoredVehicleJourney>
              </MonitoredStopVisit>
              <MonitoredStopVisit>
                <ItemIdentifier>visit-3</ItemIdentifier>
                <MonitoredVehicleJourney>
                  <LineRef>LINE:T1</LineRef>
                  <FramedVehicleJourneyRef>
                    <DataFrameRef>2026-11-23</DataFrameRef>
                    <DatedVehicleJourneyRef>T1-0950</DatedVehicleJourneyRef>
                  </FramedVehicleJourneyRef>
                  <PublishedLineName>T1</PublishedLineName>
                  <DestinationName>Richmond</DestinationName>
                  <MonitoredCall>
                    <AimedDepartureTime>2026-11-23T09:50:00+11:00</AimedDepartureTime>
                    <DepartureStatus>cancelled</DepartureStatus>
                  </MonitoredCall>
                </MonitoredVehicleJourney>
              </MonitoredStopVisit>
              <MonitoredStopVisit>
                <ItemIdentifier>visit-4</ItemIdentifier>
                <MonitoredVehicleJourney>
                  <LineRef>LINE:T8</LineRef>
                  <PublishedLineName>T8</PublishedLineName>
                  <DestinationRef>CENTRAL:16</DestinationRef>
                  <DestinationName>Central</DestinationName>
                  <MonitoredCall>
                    <StopPointRef>CENTRAL:16</StopPointRef>
                    <AimedArrivalTime>2026-11-23T09:55:00+11:00</AimedArrivalTime>
                    <ExpectedArrivalTime>2026-11-23T09:54:30+11:00</ExpectedArrivalTime>
                    <ArrivalPlatformName>23</ArrivalPlatformName>
                  </MonitoredCall>
                </MonitoredVehicleJourney>
              </MonitoredStopVisit>
            </StopMonitoringDelivery>
          </ServiceDelivery>
        </Siri>
        """

    /// SIRI 1.3 with a `siri:` prefix: line codes only (one the board names in
    /// `route_names`), no destination (the direction instead), CDATA, and a journey
    /// reference outside a frame.
    static let siri13 = """
        <?xml version="1.0" encoding="ISO-8859-1"?>
        <siri:Siri xmlns:siri="http://www.siri.org.uk/siri" version="1.3">
         <siri:ServiceDelivery>
          <siri:ResponseTimestamp>2026-11-23T09:30:00+11:00</siri:ResponseTimestamp>
          <siri:StopMonitoringDelivery version="1.3">
           <siri:ResponseTimestamp>2026-11-23T09:30:00+11:00</siri:ResponseTimestamp>
           <siri:MonitoredStopVisit>
            <siri:RecordedAtTime>2026-11-23T09:29:00+11:00</siri:RecordedAtTime>
            <siri:MonitoringRef>STIF:StopPoint:Q:41322:</siri:MonitoringRef>
            <siri:MonitoredVehicleJourney>
             <siri:LineRef>STIF:Line::C01727:</siri:LineRef>
             <siri:FramedVehicleJourneyRef>
              <siri:DataFrameRef>any</siri:DataFrameRef>
              <siri:DatedVehicleJourneyRef>RER-C-118</siri:DatedVehicleJourneyRef>
             </siri:FramedVehicleJourneyRef>
             <siri:DirectionName><![CDATA[Versailles]]></siri:DirectionName>
             <siri:MonitoredCall>
              <siri:AimedDepartureTime>2026-11-23T09:40:00.000+11:00</siri:AimedDepartureTime>
              <siri:ExpectedDepartureTime>2026-11-23T09:41:00.000+11:00</siri:ExpectedDepartureTime>
             </siri:MonitoredCall>
            </siri:MonitoredVehicleJourney>
           </siri:MonitoredStopVisit>
           <siri:MonitoredStopVisit>
            <siri:RecordedAtTime>2026-11-23T09:29:00+11:00</siri:RecordedAtTime>
            <siri:MonitoringRef>STIF:StopPoint:Q:41322:</siri:MonitoringRef>
            <siri:MonitoredVehicleJourney>
             <siri:LineRef>STIF:Line::C01742:</siri:LineRef>
             <siri:DatedVehicleJourneyRef>RER-A-7</siri:DatedVehicleJourneyRef>
             <siri:DestinationName>Ch\u{E2}teau</siri:DestinationName>
             <siri:MonitoredCall>
              <siri:AimedDepartureTime>2026-11-23T09:48:00+11:00</siri:AimedDepartureTime>
              <siri:ActualDepartureTime>2026-11-23T09:48:00+11:00</siri:ActualDepartureTime>
             </siri:MonitoredCall>
            </siri:MonitoredVehicleJourney>
           </siri:MonitoredStopVisit>
          </siri:StopMonitoringDelivery>
         </siri:ServiceDelivery>
        </siri:Siri>
        """

    /// SIRI Lite JSON: values plain, as `{"value": …}` and as lists of translations.
    static let lite = """
        {"Siri": {"ServiceDelivery": {
          "ResponseTimestamp": "2026-11-23T09:30:00+11:00", "ProducerRef": "TEST",
          "StopMonitoringDelivery": [{
            "ResponseTimestamp": "2026-11-23T09:30:00+11:00", "Version": "2.0", "Status": "true",
            "MonitoredStopVisit": [
              {"RecordedAtTime": "2026-11-23T09:29:50+11:00", "ItemIdentifier": "lite-1",
               "MonitoringRef": {"value": "STIF:StopPoint:Q:41322:"},
               "MonitoredVehicleJourney": {
                 "LineRef": {"value": "STIF:Line::C01727:"},
                 "FramedVehicleJourneyRef": {"DataFrameRef": {"value": "any"}, "DatedVehicleJourneyRef": "RER-C-120"},
                 "DirectionName": [{"value": "Sud", "lang": "fr"}],
                 "DestinationName": [{"value": "Versailles Ch\u{E2}teau", "lang": "fr"}, {"value": "Versailles Palace", "lang": "en"}],
                 "Occupancy": "standingAvailable",
                 "MonitoredCall": {"StopPointName": [{"value": "Gare"}], "VehicleAtStop": false,
                                   "AimedDepartureTime": "2026-11-23T09:42:00+11:00",
                                   "ExpectedDepartureTime": "2026-11-23T09:43:00+11:00",
                                   "DepartureStatus": "delayed", "DeparturePlatformName": {"value": "B"}}}},
              {"RecordedAtTime": "2026-11-23T09:29:50+11:00", "ItemIdentifier": "lite-2",
               "MonitoringRef": "STIF:StopPoint:Q:41322:",
               "MonitoredVehicleJourney": {
                 "LineRef": "STIF:Line::C01843:", "PublishedLineName": "T4",
                 "DestinationName": "Bondy",
                 "MonitoredCall": {"AimedDepartureTime": "2026-11-23T09:52:00+11:00",
                                   "DepartureStatus": "cancelled"}}}
            ]}]}}}
        """

    /// An error in the StopMonitoringDelivery, as a server reports an unknown stop.
    static let errorCondition = """
        <?xml version="1.0" encoding="UTF-8"?>
        <Siri xmlns="http://www.siri.org.uk/siri" version="2.0">
          <ServiceDelivery>
            <ResponseTimestamp>2026-11-23T09:30:00+11:00</ResponseTimestamp>
            <StopMonitoringDelivery version="2.0">
              <ResponseTimestamp>2026-11-23T09:30:00+11:00</ResponseTimestamp>
              <Status>false</Status>
              <ErrorCondition>
                <InvalidDataReferencesError>
                  <ErrorText>Unknown MonitoringRef NOWHERE:1</ErrorText>
                </InvalidDataReferencesError>
                <Description>The stop is not known to this server</Description>
              </ErrorCondition>
            </StopMonitoringDelivery>
          </ServiceDelivery>
        </Siri>
        """

    /// The same in SIRI Lite, on the ServiceDelivery, with a description only.
    static let liteErrorCondition = """
        {"Siri": {"ServiceDelivery": {"ResponseTimestamp": "2026-11-23T09:30:00+11:00", "Status": false,
          "ErrorCondition": {"OtherError": {}, "Description": {"value": "Quota exceeded"}}}}}
        """

    /// A delivery with no visit due: no departures, no error.
    static let empty = """
        <Siri xmlns="http://www.siri.org.uk/siri" version="2.0"><ServiceDelivery>
        <ResponseTimestamp>2026-11-23T09:30:00+11:00</ResponseTimestamp>
        <StopMonitoringDelivery version="2.0"><ResponseTimestamp>2026-11-23T09:30:00+11:00</ResponseTimestamp></StopMonitoringDelivery>
        </ServiceDelivery></Siri>
        """
}
