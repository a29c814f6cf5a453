import DeparturesCore

/// One `MonitoredStopVisit` of a StopMonitoring answer, as the server wrote it: the texts
/// the board reads, by their path below the visit. XML (SIRI 1.x and 2.x) and SIRI Lite
/// JSON give the same paths, so one mapping turns either into a row.
public struct SIRIVisit: Sendable, Equatable {
    /// The elements read, named by their local names below `MonitoredStopVisit`.
    public enum Field: String, CaseIterable, Sendable {
        case itemIdentifier = "ItemIdentifier"
        case monitoringRef = "MonitoringRef"
        case lineRef = "MonitoredVehicleJourney/LineRef"
        case publishedLineName = "MonitoredVehicleJourney/PublishedLineName"
        case directionName = "MonitoredVehicleJourney/DirectionName"
        case destinationName = "MonitoredVehicleJourney/DestinationName"
        case framedJourneyRef = "MonitoredVehicleJourney/FramedVehicleJourneyRef/DatedVehicleJourneyRef"
        case datedJourneyRef = "MonitoredVehicleJourney/DatedVehicleJourneyRef"
        case occupancy = "MonitoredVehicleJourney/Occupancy"
        case aimedArrivalTime = "MonitoredVehicleJourney/MonitoredCall/AimedArrivalTime"
        case expectedArrivalTime = "MonitoredVehicleJourney/MonitoredCall/ExpectedArrivalTime"
        case actualArrivalTime = "MonitoredVehicleJourney/MonitoredCall/ActualArrivalTime"
        case arrivalStatus = "MonitoredVehicleJourney/MonitoredCall/ArrivalStatus"
        case arrivalPlatformName = "MonitoredVehicleJourney/MonitoredCall/ArrivalPlatformName"
        case aimedDepartureTime = "MonitoredVehicleJourney/MonitoredCall/AimedDepartureTime"
        case expectedDepartureTime = "MonitoredVehicleJourney/MonitoredCall/ExpectedDepartureTime"
        case actualDepartureTime = "MonitoredVehicleJourney/MonitoredCall/ActualDepartureTime"
        case departureStatus = "MonitoredVehicleJourney/MonitoredCall/DepartureStatus"
        case departurePlatformName = "MonitoredVehicleJourney/MonitoredCall/DeparturePlatformName"
        /// False when the vehicle is not tracked: its expected times are the timetable's.
        case monitored = "MonitoredVehicleJourney/Monitored"
        case destinationRef = "MonitoredVehicleJourney/DestinationRef"
        /// Whose journey it is: a situation may concern an operator's.
        case operatorRef = "MonitoredVehicleJourney/OperatorRef"
        case stopPointRef = "MonitoredVehicleJourney/MonitoredCall/StopPointRef"
        case stopPointName = "MonitoredVehicleJourney/MonitoredCall/StopPointName"
        /// SIRI 2.0: what the vehicle shows at this call.
        case destinationDisplay = "MonitoredVehicleJourney/MonitoredCall/DestinationDisplay"
        /// `boarding`, `noBoarding` or `passThru`.
        case departureBoardingActivity = "MonitoredVehicleJourney/MonitoredCall/DepartureBoardingActivity"

        /// The elements that hold fields: a reader descends only into these.
        static let containers: Set<String> = Set(
            allCases.flatMap { field in
                let parts = field.rawValue.split(separator: "/")
                return parts.indices.dropLast().map { parts[...$0].joined(separator: "/") }
            })
    }

    /// Each field's first non-empty text (a multilingual name's first language).
    public var values: [Field: String]
    /// The situations it names (`SituationRef`, on the visit, its journey or its call).
    public var situationRefs: [SIRISituation.Reference]

    public init(values: [Field: String] = [:], situationRefs: [SIRISituation.Reference] = []) {
        self.values = values
        self.situationRefs = situationRefs
    }

    public subscript(field: Field) -> String? { values[field] }

    /// How full the vehicle is, in SIRI's words (`seatsAvailable`, `standingAvailable`, `full`…).
    public var occupancy: String? { values[.occupancy] }

    /// The line's code (`STIF:Line::C01727:`), which `route_names` maps to what riders call it.
    public var lineRef: String? { values[.lineRef] }

    /// What the board shows as the route: the board's name for the line's code, else the
    /// published name, else the code itself.
    public func routeName(_ routeNames: [String: String]) -> String? {
        lineRef.flatMap { routeNames[$0] } ?? values[.publishedLineName] ?? lineRef
    }

    /// The call is the journey's last: its destination is this stop (by reference, or by name
    /// where the server gives no references). Times are optional in SIRI, and MTA Bus Time sends
    /// only arrival times at every stop on the way, so a missing departure time alone says nothing.
    var endsHere: Bool {
        if let destination = values[.destinationRef] {
            return destination == values[.stopPointRef] || destination == values[.monitoringRef]
        }
        guard let name = values[.stopPointName], let destination = values[.destinationName] else { return false }
        return name.lowercased() == destination.lowercased()
    }

    /// The server's trip: the journey reference of its data frame, else a bare one, else the
    /// visit's own identifier; nil when the server sends none of them but placeholders (`-`).
    var tripReference: String? {
        [values[.framedJourneyRef], values[.datedJourneyRef], values[.itemIdentifier]].lazy.compactMap(TripIdentity.given).first
    }
}
