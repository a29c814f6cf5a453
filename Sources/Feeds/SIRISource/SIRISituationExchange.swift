import DeparturesCore

/// A SIRI SituationExchange answer (`situations_url`), XML or SIRI Lite JSON as for
/// StopMonitoring: its `PtSituationElement`s.
public enum SIRISituationExchange {
    public static func situations(_ bytes: [UInt8]) throws(SIRIAnswer.Problem) -> [SIRISituation] {
        let delivery = try SIRIAnswer.delivery(bytes)
        if let error = delivery.error {
            // None in force is no error: an empty list.
            guard let kind = error.kind, SIRIAnswer.harmlessConditions.contains(kind) else { throw .server(error.message) }
        }
        guard delivery.hasSituationDelivery || !delivery.situations.isEmpty || delivery.error != nil else {
            throw .data(DeparturesDataError(path: "", problem: "no SituationExchangeDelivery: not a SIRI SituationExchange answer"))
        }
        return delivery.situations
    }
}
