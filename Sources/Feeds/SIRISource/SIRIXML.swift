import CXMLLoader
import DeparturesCore
import SystemFiles

/// SIRI XML through libxml2's streaming reader: one pass, no tree kept, elements matched by
/// local name so SIRI 1.x and 2.x, default or prefixed namespaces (and a SOAP envelope
/// around them) read alike. libxml2 is loaded with dlopen on the first XML answer
/// (`CXMLLoader`), so boards that never read XML never map it.
///
/// Hostile answers are refused, never expanded: no DTD is loaded and no entity substituted
/// (only XML_PARSE_NONET is set: no NOENT, DTDLOAD, DTDATTR or HUGE), a document with a
/// DOCTYPE never reaches libxml2, and an entity reference or nesting deeper than `maxDepth`
/// ends the read. libxml2's messages become the source's error, never lines on stderr.
enum SIRIXML {
    /// SIRI nests about ten levels deep (a SOAP envelope adds three).
    static let maxDepth = 64
    static let soname = "libxml2.so.2"

    /// The loaded library's table, or why it could not be loaded: a global `let` is
    /// initialised on first use, once, thread-safely.
    private static let library: Result<UInt, SIRIAnswer.Problem> = {
        var error = [CChar](repeating: 0, count: 512)
        guard let library = db_xml_open(soname, &error, error.count) else {
            return .failure(
                .data(
                    DeparturesDataError(
                        path: "", problem: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))))
        }
        return .success(UInt(bitPattern: library))
    }()

    static func read(_ bytes: ArraySlice<UInt8>) throws(SIRIAnswer.Problem) -> SIRIAnswer.Delivery {
        // A DOCTYPE is the only way to declare entities: one never reaches the parser.
        if contains(Array("<!DOCTYPE".utf8), in: bytes) {
            throw refused("the answer declares a DOCTYPE (a SIRI answer has none; DTDs and entities are never read)")
        }
        guard bytes.count < Int32.max else { throw refused("the answer is larger than libxml2 reads") }
        guard let library = OpaquePointer(bitPattern: try library.get()) else { throw refused("libxml2 is not loaded") }
        let result: Result<SIRIAnswer.Delivery, SIRIAnswer.Problem> = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                guard let reader = db_xml_reader_new(library, chars.baseAddress, Int32(chars.count)) else {
                    return .failure(refused("libxml2 could not start reading the answer"))
                }
                defer { db_xml_reader_free(reader) }
                var walk = Walk()
                do throws(SIRIAnswer.Problem) {
                    try walk.run(reader)
                    return .success(walk.delivery)
                } catch {
                    return .failure(error)
                }
            }
        }
        return try result.get()
    }

    /// A plain scan: Foundation's `firstRange(of:)` on bytes took a third of a read.
    static func contains(_ needle: [UInt8], in bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer { haystack in
            guard let first = needle.first, haystack.count >= needle.count else { return false }
            for start in 0...(haystack.count - needle.count) where haystack[start] == first {
                if needle.indices.allSatisfy({ haystack[start + $0] == needle[$0] }) { return true }
            }
            return false
        }
    }

    static func refused(_ why: String) -> SIRIAnswer.Problem {
        .data(DeparturesDataError(path: "", problem: "refused: " + why))
    }

    /// The reader's nodes turned into visits and an error condition, keeping only the
    /// local names from the root to the current element.
    struct Walk {
        enum Target { case field(SIRIVisit.Field), errorText, errorDescription }

        var delivery = SIRIAnswer.Delivery()
        var names: [String] = []
        var visit: (depth: Int, values: [SIRIVisit.Field: String], references: [SIRISituation.Reference])?
        var condition: (depth: Int, kind: String?, text: String?, description: String?)?
        var capture: (depth: Int, target: Target, text: String)?
        /// A part kept whole (`SIRIElement`): the elements open in it, outermost first.
        var tree: (depth: Int, stack: [SIRIElement])?

        /// The parts kept whole: a situation, and a visit's reference to one.
        static let trees: Set<String> = ["PtSituationElement", "SituationRef"]

        mutating func run(_ reader: OpaquePointer) throws(SIRIAnswer.Problem) {
            while true {
                let status = db_xml_reader_read(reader)
                guard status == 1 else {
                    if status == 0 { return }
                    let reported = db_xml_reader_error(reader).map { String(cString: $0) }
                    throw .data(DeparturesDataError(path: "", problem: "not well-formed XML: " + (reported ?? "unreadable")))
                }
                let depth = Int(db_xml_reader_depth(reader))
                switch db_xml_reader_node_type(reader) {
                case Int32(DB_XML_DOCUMENT_TYPE):
                    throw SIRIXML.refused("the answer declares a DOCTYPE (a SIRI answer has none; DTDs and entities are never read)")
                case Int32(DB_XML_ENTITY):
                    throw SIRIXML.refused("an entity reference (entities are never expanded)")
                case Int32(DB_XML_ELEMENT):
                    guard depth < SIRIXML.maxDepth else { throw SIRIXML.refused("XML nested more than \(SIRIXML.maxDepth) levels deep") }
                    guard let name = db_xml_reader_local_name(reader) else { throw SIRIXML.refused("libxml2 gave an element no name") }
                    let local = String(cString: name)
                    // Only kept parts carry their language (a situation's texts).
                    let language =
                        tree != nil || Self.trees.contains(local) ? db_xml_reader_xml_lang(reader).map { String(cString: $0) } : nil
                    start(local, depth: depth, language: language)
                    if db_xml_reader_is_empty_element(reader) != 0 { end(depth: depth) }
                case Int32(DB_XML_END_ELEMENT):
                    end(depth: depth)
                case Int32(DB_XML_TEXT):
                    if capture != nil || tree != nil, let value = db_xml_reader_value(reader) {
                        let text = String(cString: value)
                        capture?.text += text
                        if let last = tree?.stack.indices.last { tree?.stack[last].text += text }
                    }
                default:
                    break
                }
            }
        }

        mutating func start(_ name: String, depth: Int, language: String? = nil) {
            names.removeSubrange(min(depth, names.count)...)
            let parent = names.last
            names.append(name)
            if tree != nil {
                tree?.stack.append(SIRIElement(name: name, language: language))
            } else if visit != nil, name == "SituationRef" {
                tree = (depth, [SIRIElement(name: name, language: language)])
            } else if let visit {
                let path = names[(visit.depth + 1)...].joined(separator: "/")
                if let field = SIRIVisit.Field(rawValue: path), visit.values[field] == nil { capture = (depth, .field(field), "") }
            } else if let condition {
                // <ErrorCondition><OtherError><ErrorText>…</ErrorText></OtherError><Description>…
                let child = depth == condition.depth + 1
                if child, condition.kind == nil, name != "Description" { self.condition?.kind = name }
                // SOAP 1.1's faultstring, SOAP 1.2's Reason/Text.
                if name == "ErrorText" || name == "faultstring" || name == "Text", condition.text == nil {
                    capture = (depth, .errorText, "")
                }
                if child, name == "Description", condition.description == nil { capture = (depth, .errorDescription, "") }
            } else if name == "MonitoredStopVisit" {
                visit = (depth, [:], [])
            } else if name == "StopMonitoringDelivery" {
                delivery.hasDelivery = true
            } else if name == "PtSituationElement" {
                tree = (depth, [SIRIElement(name: name, language: language)])
            } else if name == "SituationExchangeDelivery" {
                delivery.hasSituationDelivery = true
            } else if name == "ErrorCondition", ["ServiceDelivery", "StopMonitoringDelivery", "SituationExchangeDelivery"].contains(parent)
            {
                condition = (depth, nil, nil, nil)
            } else if name == "Fault", parent == "Body" {
                // A SOAP server's refusal (often with HTTP 500): its words name the problem.
                condition = (depth, "SOAP fault", nil, nil)
            }
        }

        mutating func end(depth: Int) {
            if let tree, tree.depth <= depth {
                var stack = tree.stack
                let element = stack.removeLast()
                if stack.isEmpty {
                    self.tree = nil
                    finish(element)
                } else {
                    stack[stack.count - 1].children.append(element)
                    self.tree?.stack = stack
                }
                names.removeSubrange(min(depth, names.count)...)
                return
            }
            if let capture, capture.depth == depth {
                let text = capture.text.trimmingWhitespace
                if !text.isEmpty {
                    switch capture.target {
                    case .field(let field): visit?.values[field] = text
                    case .errorText: condition?.text = text
                    case .errorDescription: condition?.description = text
                    }
                }
                self.capture = nil
            }
            if let visit, visit.depth == depth {
                delivery.visits.append(SIRIVisit(values: visit.values, situationRefs: visit.references))
                self.visit = nil
            }
            if let condition, condition.depth == depth {
                delivery.error =
                    delivery.error
                    ?? SIRIAnswer.Delivery.Condition(kind: condition.kind, text: condition.text, description: condition.description)
                self.condition = nil
            }
            names.removeSubrange(min(depth, names.count)...)
        }

        /// A kept part, complete: a visit's reference, or a situation.
        mutating func finish(_ element: SIRIElement) {
            if element.name == "SituationRef" {
                if let reference = SIRISituation.Reference(element) { visit?.references.append(reference) }
            } else if let situation = SIRISituation(element) {
                delivery.situations.append(situation)
            }
        }
    }
}
