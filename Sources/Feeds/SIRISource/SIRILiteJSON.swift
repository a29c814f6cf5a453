import DeparturesCore
import SystemFiles

/// SIRI Lite's JSON: the XML's element names as keys under `Siri.ServiceDelivery`. A value
/// may be plain (`"LineRef": "C01727"`), wrapped (`{"value": "C01727"}`) or a list of
/// translations (`[{"value": "Gare de Lyon", "lang": "fr"}]`); all three read alike.
enum SIRILiteJSON {
    static func read(_ bytes: [UInt8]) throws(SIRIAnswer.Problem) -> SIRIAnswer.Delivery {
        let root: JSONValue
        do {
            root = try JSONValue.parse(bytes)
        } catch {
            throw .data(error)
        }
        // Some servers (CTS Strasbourg) start at the ServiceDelivery, without the Siri wrapper.
        guard let service = root["Siri"]?["ServiceDelivery"] ?? root["ServiceDelivery"] else {
            throw .data(DeparturesDataError(path: "Siri.ServiceDelivery", problem: "missing: not a SIRI Lite answer"))
        }
        var delivery = SIRIAnswer.Delivery()
        delivery.error = service["ErrorCondition"].map(errorMessage)
        for monitoring in elements(service["StopMonitoringDelivery"]) {
            delivery.hasDelivery = true
            delivery.error = delivery.error ?? monitoring["ErrorCondition"].map(errorMessage)
            for visit in elements(monitoring["MonitoredStopVisit"]) {
                var values: [SIRIVisit.Field: String] = [:]
                collect(visit, path: "", into: &values)
                delivery.visits.append(SIRIVisit(values: values, situationRefs: situationRefs(visit)))
            }
        }
        for exchange in elements(service["SituationExchangeDelivery"]) {
            delivery.hasSituationDelivery = true
            delivery.error = delivery.error ?? exchange["ErrorCondition"].map(errorMessage)
            for situations in elements(exchange["Situations"]) {
                delivery.situations +=
                    situations["PtSituationElement"].map { SIRIElement.from(json: $0, name: "PtSituationElement") }?
                    .compactMap(SIRISituation.init) ?? []
            }
        }
        return delivery
    }

    /// The `SituationRef`s of a visit, its journey and its call.
    static func situationRefs(_ visit: JSONValue) -> [SIRISituation.Reference] {
        let journey = visit["MonitoredVehicleJourney"]
        return [visit, journey, journey?["MonitoredCall"]].compactMap { $0?["SituationRef"] }
            .flatMap { SIRIElement.from(json: $0, name: "SituationRef") }.compactMap(SIRISituation.Reference.init)
    }

    /// The fields below `value`, a visit or one of its containers (`MonitoredCall`).
    static func collect(_ value: JSONValue, path: String, into values: inout [SIRIVisit.Field: String]) {
        guard case .object(let members) = value else { return }
        for (key, member) in members {
            let inner = path.isEmpty ? key : path + "/" + key
            if let field = SIRIVisit.Field(rawValue: inner) {
                if values[field] == nil, let text = text(member) { values[field] = text }
            } else if SIRIVisit.Field.containers.contains(inner) {
                for item in elements(member) { collect(item, path: inner, into: &values) }
            }
        }
    }

    /// A plain value's text, a `{"value": …}`'s, or the first of a list's; nil when empty.
    static func text(_ value: JSONValue) -> String? {
        switch value {
        case .array(let items): return items.lazy.compactMap(text).first
        case .object: return value["value"].flatMap(text)
        default: return value.text.map(\.trimmingWhitespace).flatMap { $0.isEmpty ? nil : $0 }
        }
    }

    /// An array's items, or a lone object as one (servers write either).
    static func elements(_ value: JSONValue?) -> [JSONValue] {
        switch value {
        case .array(let items): return items
        case .object: return value.map { [$0] } ?? []
        default: return []
        }
    }

    /// `{"OtherError": {"ErrorText": "…"}, "Description": "…"}` in the XML's words.
    static func errorMessage(_ condition: JSONValue) -> SIRIAnswer.Delivery.Condition {
        guard case .object(let members) = condition else { return .init(kind: nil, text: text(condition), description: nil) }
        let kind = members.keys.sorted().first { $0 != "Description" }
        return .init(
            kind: kind, text: kind.flatMap { members[$0]?["ErrorText"] }.flatMap(text),
            description: members["Description"].flatMap(text))
    }
}
