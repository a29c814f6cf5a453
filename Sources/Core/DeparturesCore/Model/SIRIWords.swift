/// SIRI's words for why and what (CEN/TS 15531's reason and `ServiceCondition`
/// enumerations, TPEG's in SIRI 2.0) in GTFS-Realtime's terms, keyed by `Words.key`. Kept
/// beside GTFS-Realtime's own words so every source reads a word the same way (OneBusAway
/// relays SIRI's words too). A word missing here is the unknown value.
enum SIRIWords {
    static let causes: [String: ServiceAlert.Cause] = table([
        .accident: [
            "collision", "derailment", "fatality", "personUnderTrain", "trainStruckAnimal", "trainStruckObject",
            "vehicleStruckAnimal", "vehicleStruckObject", "levelCrossingAccident", "roadAccident",
        ],
        .policeActivity: [
            "policeOrder", "securityAlert", "bombExplosion", "terroristIncident", "explosiveHazard",
            "unattendedBag", "vandalism", "assault", "trespass", "trespasserOnTheLine", "bombAlert",
        ],
        .medicalEmergency: [
            "illVehicleOccupants", "personIllOnVehicle", "emergencyServices", "emergencyServicesCall",
            "emergencyMedicalServices",
        ],
        .demonstration: ["march", "procession", "civilDisturbance"],
        .strike: ["industrialAction", "unofficialIndustrialAction", "workToRule"],
        .construction: ["roadworks", "constructionWork", "buildingWork"],
        .maintenance: [
            "maintenanceWork", "repairWork", "engineeringWork", "emergencyEngineeringWork",
            "lateFinishToEngineeringWork", "closedForMaintenance", "deicingWork", "trackWork",
        ],
        .technicalProblem: [
            "signalProblem", "signalFailure", "engineFailure", "breakDown", "powerProblem", "powerFailure",
            "liftFailure", "escalatorFailure", "levelCrossingFailure", "tractionFailure", "pointsProblem",
            "pointsFailure", "overheadWireFailure", "lightingFailure", "serviceIndicatorFailure",
            "leaderBoardFailure", "swingBridgeFailure", "wheelProblem", "gangwayProblem", "fuelProblem",
            "fuelShortage", "vehicleFailure", "undefinedEquipmentProblem",
        ],
        .weather: [
            "fog", "roughSea", "heavySnowFall", "driftingSnow", "heavyRain", "strongWinds", "stormConditions",
            "stormDamage", "tidalRestrictions", "highTide", "lowTide", "ice", "frozen", "hail", "highTemperatures",
            "heatwave", "flooding", "waterlogged", "lowWaterLevel", "highWaterLevel", "fallenLeaves", "fallenTree",
            "landslide", "avalanches", "lightningStrike", "sleet", "undefinedEnvironmentalProblem",
        ],
        .otherCause: [
            "specialEvent", "overcrowded", "congestion", "routeBlockage", "insufficientDemand", "staffSickness",
            "staffAbsence", "staffShortage", "staffInWrongPlace", "undefinedPersonnelProblem", "fire",
            "operatorCeasedTrading", "operatorSuspended", "roadClosed", "routeDiversion", "personOnTheLine",
            "objectOnTheLine", "vehicleOnTheLine", "animalOnTheLine",
        ],
    ])

    static let effects: [String: ServiceAlert.Effect] = table([
        .noService: ["cancelled", "canceled", "noService", "stopCancelled", "suspended"],
        .reducedService: ["intermittentService"],
        .significantDelays: ["delayed", "delays"],
        .detour: ["diverted", "diversion", "rerouted"],
        .modifiedService: [
            "altered", "disrupted", "specialService", "shortFormedService", "extendedService",
            "splittingTrain", "replacementTransport", "arrivesEarly",
        ],
        .stopMoved: ["stopMoved"],
        .noEffect: ["onTime", "normalService"],
    ])

    private static func table<Value>(_ words: [Value: [String]]) -> [String: Value] {
        var table: [String: Value] = [:]
        for (value, list) in words { for word in list { table[Words.key(word)] = value } }
        return table
    }
}

/// A text a feed gives in several languages, and which of them a board reads: the one rule
/// for every source.
public enum Translations {
    /// The board's `language` (BCP 47) exactly, else its language alone (`fr` for `fr-CA`),
    /// else the same language in another region, else the untagged text, else the first;
    /// tags compare without case, empty texts are passed over; nil when there is none.
    public static func pick(_ texts: [(language: String?, text: String)], for language: String?) -> String? {
        let texts = texts.filter { !$0.text.isEmpty }
        func tag(_ language: String?) -> String? { language.flatMap { $0.isEmpty ? nil : $0.lowercased() } }
        func primary(_ tag: String) -> Substring { tag.split(separator: "-", maxSplits: 1).first ?? "" }
        if let wanted = tag(language) {
            if let exact = texts.first(where: { tag($0.language) == wanted }) { return exact.text }
            if let plain = texts.first(where: { tag($0.language).map { $0[...] } == primary(wanted) }) { return plain.text }
            if let regional = texts.first(where: { tag($0.language).map(primary) == primary(wanted) }) { return regional.text }
        }
        return (texts.first { tag($0.language) == nil } ?? texts.first)?.text
    }
}
