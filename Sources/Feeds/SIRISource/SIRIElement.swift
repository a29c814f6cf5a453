import DeparturesCore
import SystemFiles

/// A small part of an answer kept whole (a `PtSituationElement`, a `SituationRef`): its
/// elements by local name, each with its text and `xml:lang`. XML and SIRI Lite JSON give
/// the same tree, so one reader turns either into a situation.
struct SIRIElement: Sendable, Equatable {
    var name: String
    var language: String?
    var text = ""
    var children: [SIRIElement] = []

    /// The children named `name`.
    func all(_ name: String) -> [SIRIElement] { children.filter { $0.name == name } }

    /// The elements down a path of names (`["Affects", "StopPoints", "AffectedStopPoint"]`).
    func all(_ path: [String]) -> [SIRIElement] {
        path.reduce([self]) { level, name in level.flatMap { $0.all(name) } }
    }

    /// The first non-empty text down a path.
    func text(_ path: String...) -> String? {
        all(path).lazy.map(\.text.trimmingWhitespace).first { !$0.isEmpty }
    }

    /// Every non-empty text down a path, with its language: a text given in several.
    func texts(_ path: String...) -> [(language: String?, text: String)] {
        all(path).compactMap { element in
            let text = element.text.trimmingWhitespace
            return text.isEmpty ? nil : (element.language, text)
        }
    }

    /// SIRI Lite's form of `name`: a plain value, `{"value": …, "lang": …}`, a list of either,
    /// or an object of elements.
    static func from(json value: JSONValue, name: String) -> [SIRIElement] {
        switch value {
        case .array(let items):
            return items.flatMap { from(json: $0, name: name) }
        case .object(let members):
            if let inner = members["value"], members.keys.allSatisfy({ ["value", "lang", "xml:lang"].contains($0) }) {
                return [SIRIElement(name: name, language: (members["lang"] ?? members["xml:lang"])?.text, text: inner.text ?? "")]
            }
            return [SIRIElement(name: name, children: members.keys.sorted().flatMap { from(json: members[$0]!, name: $0) })]
        case .null:
            return []
        default:
            return [SIRIElement(name: name, text: value.text ?? "")]
        }
    }
}
