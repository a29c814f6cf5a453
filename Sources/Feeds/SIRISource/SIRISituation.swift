import SystemFiles

/// One `PtSituationElement` of SIRI SituationExchange as the server wrote it: what
/// `SIRISituationAlerts` turns into the core's `ServiceAlert`. From a `situations_url`
/// answer or from a `SituationExchangeDelivery` inside a StopMonitoring answer.
public struct SIRISituation: Sendable, Equatable {
    /// Who numbered it, and its number: together they name it (a `SituationRef` may give either).
    public var reference: Reference
    /// The server's version of it; a later one replaces an earlier.
    public var version: Int?
    /// `Summary`, `Description` and `Detail` in each language given.
    public var summaries: [Text] = []
    public var descriptions: [Text] = []
    public var details: [Text] = []
    /// The reason elements (`MiscellaneousReason`, `EnvironmentReason`…), element name and word.
    public var reasons: [Reason] = []
    public var severity: String?
    /// `Progress`: `closed` ones are over.
    public var progress: String?
    public var consequences: [Consequence] = []
    /// `ValidityPeriod`s, and the `PublicationWindow`s for servers that give only those.
    public var validity: [Period] = []
    public var publication: [Period] = []
    public var affects = Affects()

    public struct Reference: Sendable, Equatable, Hashable {
        public var participant: String?
        public var number: String

        public init(participant: String? = nil, number: String) {
            self.participant = participant
            self.number = number
        }

        /// Whether this reference names `situation`: the same number, and the same participant
        /// where both say one.
        func names(_ situation: Reference) -> Bool {
            number == situation.number && (participant == nil || situation.participant == nil || participant == situation.participant)
        }
    }

    public struct Text: Sendable, Equatable {
        public var language: String?
        public var text: String
    }

    public struct Reason: Sendable, Equatable {
        /// `MiscellaneousReason`, `PersonnelReason`, `EquipmentReason`, `EnvironmentReason`, `UnknownReason`, `AlertCause`.
        public var kind: String
        public var word: String
    }

    public struct Consequence: Sendable, Equatable {
        public var condition: String?
        public var severity: String?
        /// `Blocking/JourneyPlanner`: a journey planner must not use what it affects.
        public var blocksJourneyPlanner = false
        public var hasDelay = false
    }

    public struct Period: Sendable, Equatable {
        public var start: String?
        public var end: String?
    }

    /// What it concerns, by the server's references.
    public struct Affects: Sendable, Equatable {
        public var lines: [Line] = []
        /// Stop points and stop places alike, perhaps only for some lines.
        public var stops: [Stop] = []
        public var journeys: [Journey] = []
        public var operators: [String] = []
    }

    /// A line, perhaps only at some of its stops.
    public struct Line: Sendable, Equatable {
        public var ref: String
        public var publishedName: String?
        public var stops: [String]
    }

    public struct Stop: Sendable, Equatable {
        public var ref: String
        public var lines: [String]
    }

    /// A journey, or (MTA Bus Time) only the line of the journeys it concerns.
    public struct Journey: Sendable, Equatable {
        public var ref: String?
        public var line: String?
    }

    static let reasonKinds = [
        "MiscellaneousReason", "PersonnelReason", "EquipmentReason", "EnvironmentReason",
        "UnknownReason", "AlertCause",
    ]

    /// The situation an element holds; nil without a `SituationNumber`, which names it.
    init?(_ element: SIRIElement) {
        guard let number = element.text("SituationNumber") else { return nil }
        reference = Reference(participant: element.text("ParticipantRef"), number: number)
        version = element.text("Version").flatMap { Int($0) }
        summaries = element.texts("Summary").map { Text(language: $0.language, text: $0.text) }
        descriptions = element.texts("Description").map { Text(language: $0.language, text: $0.text) }
        details = element.texts("Detail").map { Text(language: $0.language, text: $0.text) }
        // SIRI 1.x names the reason directly; 2.x may put it under `Reason`.
        for kind in Self.reasonKinds {
            for word in element.texts(kind) + element.texts("Reason", kind) { reasons.append(Reason(kind: kind, word: word.text)) }
        }
        severity = element.text("Severity")
        progress = element.text("Progress")
        consequences = element.all(["Consequences", "Consequence"]).map { consequence in
            Consequence(
                condition: consequence.text("Condition"), severity: consequence.text("Severity"),
                blocksJourneyPlanner: consequence.text("Blocking", "JourneyPlanner")?.lowercased() == "true",
                hasDelay: !consequence.all(["Delays"]).isEmpty)
        }
        validity = Self.periods(element.all("ValidityPeriod"))
        publication = Self.periods(element.all("PublicationWindow"))
        affects = Affects(element.all("Affects"))
    }

    private static func periods(_ elements: [SIRIElement]) -> [Period] {
        elements.map { Period(start: $0.text("StartTime"), end: $0.text("EndTime")) }.filter { $0.start != nil || $0.end != nil }
    }
}

extension SIRISituation.Affects {
    init(_ affects: [SIRIElement]) {
        for affect in affects {
            // Lines of a network, perhaps at some of their stops (their routes' stop points).
            for line in affect.all(["Networks", "AffectedNetwork", "AffectedLine"]) {
                guard let ref = line.text("LineRef") else { continue }
                let stops =
                    (line.all(["StopPoints", "AffectedStopPoint"])
                    + line.all(["Routes", "AffectedRoute", "StopPoints", "AffectedStopPoint"]))
                    .compactMap { $0.text("StopPointRef") }
                lines.append(SIRISituation.Line(ref: ref, publishedName: line.text("PublishedLineName"), stops: stops))
            }
            for stop in affect.all(["StopPoints", "AffectedStopPoint"]) {
                guard let ref = stop.text("StopPointRef") else { continue }
                stops.append(SIRISituation.Stop(ref: ref, lines: stop.all(["Lines", "AffectedLine"]).compactMap { $0.text("LineRef") }))
            }
            for place in affect.all(["StopPlaces", "AffectedStopPlace"]) {
                guard let ref = place.text("StopPlaceRef") else { continue }
                stops.append(SIRISituation.Stop(ref: ref, lines: place.all(["Lines", "AffectedLine"]).compactMap { $0.text("LineRef") }))
            }
            for journey in affect.all(["VehicleJourneys", "AffectedVehicleJourney"]) {
                let ref =
                    journey.text("FramedVehicleJourneyRef", "DatedVehicleJourneyRef") ?? journey.text("DatedVehicleJourneyRef")
                    ?? journey.text("VehicleJourneyRef")
                let line = journey.text("LineRef")
                if ref != nil || line != nil { journeys.append(SIRISituation.Journey(ref: ref, line: line)) }
            }
            operators += affect.all(["Operators", "AffectedOperator"]).compactMap { $0.text("OperatorRef") }
        }
    }
}

extension SIRISituation.Reference {
    /// A `SituationRef`: `SituationSimpleRef`, `SituationFullRef` (participant and number), or
    /// a bare text; nil when empty.
    init?(_ element: SIRIElement) {
        if let number = element.text("SituationFullRef", "SituationNumber") {
            self.init(participant: element.text("SituationFullRef", "ParticipantRef"), number: number)
        } else if let number = element.text("SituationSimpleRef") ?? element.text("SituationNumber") {
            self.init(participant: element.text("ParticipantRef"), number: number)
        } else if case let text = element.text.trimmingWhitespace, !text.isEmpty {
            self.init(number: text)
        } else {
            return nil
        }
    }
}
