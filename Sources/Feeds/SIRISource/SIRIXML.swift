import CLibXML2
import DeparturesCore
import SystemFiles

/// SIRI XML through libxml2's streaming reader: one pass, no tree kept, elements matched by
/// local name so SIRI 1.x and 2.x, default or prefixed namespaces (and a SOAP envelope
/// around them) read alike.
///
/// Hostile answers are refused, never expanded: no DTD is loaded and no entity substituted
/// (only XML_PARSE_NONET is set: no NOENT, DTDLOAD, DTDATTR or HUGE), a document with a
/// DOCTYPE never reaches libxml2, and an entity reference or nesting deeper than `maxDepth`
/// ends the read. libxml2's messages become the source's error, never lines on stderr.
enum SIRIXML {
    /// SIRI nests about ten levels deep (a SOAP envelope adds three).
    static let maxDepth = 64

    /// libxml2's global set-up, done once by whichever thread reads first (a static's
    /// initialiser runs once, thread-safely).
    private static let initialised: Void = xmlInitParser()

    static func read(_ bytes: ArraySlice<UInt8>) throws(SIRIAnswer.Problem) -> SIRIAnswer.Delivery {
        // A DOCTYPE is the only way to declare entities: one never reaches the parser.
        if contains(Array("<!DOCTYPE".utf8), in: bytes) {
            throw refused("the answer declares a DOCTYPE (a SIRI answer has none; DTDs and entities are never read)")
        }
        guard bytes.count < Int32.max else { throw refused("the answer is larger than libxml2 reads") }
        _ = initialised
        // What libxml2 reports outside a reader (nothing is expected) is dropped, not printed.
        xmlSetStructuredErrorFunc(nil) { _, _ in }
        let sink = ErrorSink()
        let result: Result<SIRIAnswer.Delivery, SIRIAnswer.Problem> = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                let options = Int32(XML_PARSE_NONET.rawValue)
                guard let reader = xmlReaderForMemory(chars.baseAddress, Int32(chars.count), nil, nil, options) else {
                    return .failure(refused("libxml2 could not start reading the answer"))
                }
                defer { xmlFreeTextReader(reader) }
                xmlTextReaderSetStructuredErrorHandler(reader, { context, error in
                    guard let context, let error else { return }
                    let sink = Unmanaged<ErrorSink>.fromOpaque(context).takeUnretainedValue()
                    guard sink.first == nil else { return }
                    let message = error.pointee.message.map { String(cString: $0) } ?? "error \(error.pointee.code)"
                    sink.first = "line \(error.pointee.line): " + message.trimmingWhitespace
                }, Unmanaged.passUnretained(sink).toOpaque())
                var walk = Walk()
                do throws(SIRIAnswer.Problem) {
                    try walk.run(reader, errors: sink)
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

    /// libxml2's first message of a read (its error callback's context).
    final class ErrorSink {
        var first: String?
    }

    /// The reader's nodes turned into visits and an error condition, keeping only the
    /// local names from the root to the current element.
    struct Walk {
        enum Target { case field(SIRIVisit.Field), errorText, errorDescription }

        var delivery = SIRIAnswer.Delivery()
        var names: [String] = []
        var visit: (depth: Int, values: [SIRIVisit.Field: String])?
        var condition: (depth: Int, kind: String?, text: String?, description: String?)?
        var capture: (depth: Int, target: Target, text: String)?

        mutating func run(_ reader: xmlTextReaderPtr, errors: ErrorSink) throws(SIRIAnswer.Problem) {
            while true {
                let status = xmlTextReaderRead(reader)
                guard status == 1 else {
                    if status == 0 { return }
                    throw .data(DeparturesDataError(path: "", problem: "not well-formed XML: " + (errors.first ?? "unreadable")))
                }
                let depth = Int(xmlTextReaderDepth(reader))
                switch UInt32(xmlTextReaderNodeType(reader)) {
                case XML_READER_TYPE_DOCUMENT_TYPE.rawValue:
                    throw SIRIXML.refused("the answer declares a DOCTYPE (a SIRI answer has none; DTDs and entities are never read)")
                case XML_READER_TYPE_ENTITY_REFERENCE.rawValue, XML_READER_TYPE_ENTITY.rawValue:
                    throw SIRIXML.refused("an entity reference (entities are never expanded)")
                case XML_READER_TYPE_ELEMENT.rawValue:
                    guard depth < SIRIXML.maxDepth else { throw SIRIXML.refused("XML nested more than \(SIRIXML.maxDepth) levels deep") }
                    guard let name = xmlTextReaderConstLocalName(reader) else { throw SIRIXML.refused("libxml2 gave an element no name") }
                    start(String(cString: name), depth: depth)
                    if xmlTextReaderIsEmptyElement(reader) == 1 { end(depth: depth) }
                case XML_READER_TYPE_END_ELEMENT.rawValue:
                    end(depth: depth)
                case XML_READER_TYPE_TEXT.rawValue, XML_READER_TYPE_CDATA.rawValue, XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue:
                    if capture != nil, let value = xmlTextReaderConstValue(reader) { capture?.text += String(cString: value) }
                default:
                    break
                }
            }
        }

        mutating func start(_ name: String, depth: Int) {
            names.removeSubrange(min(depth, names.count)...)
            let parent = names.last
            names.append(name)
            if let visit {
                let path = names[(visit.depth + 1)...].joined(separator: "/")
                if let field = SIRIVisit.Field(rawValue: path), visit.values[field] == nil { capture = (depth, .field(field), "") }
            } else if let condition {
                // <ErrorCondition><OtherError><ErrorText>…</ErrorText></OtherError><Description>…
                let child = depth == condition.depth + 1
                if child, condition.kind == nil, name != "Description" { self.condition?.kind = name }
                // SOAP 1.1's faultstring, SOAP 1.2's Reason/Text.
                if name == "ErrorText" || name == "faultstring" || name == "Text", condition.text == nil { capture = (depth, .errorText, "") }
                if child, name == "Description", condition.description == nil { capture = (depth, .errorDescription, "") }
            } else if name == "MonitoredStopVisit" {
                visit = (depth, [:])
            } else if name == "StopMonitoringDelivery" {
                delivery.hasDelivery = true
            } else if name == "ErrorCondition", parent == "ServiceDelivery" || parent == "StopMonitoringDelivery" {
                condition = (depth, nil, nil, nil)
            } else if name == "Fault", parent == "Body" {
                // A SOAP server's refusal (often with HTTP 500): its words name the problem.
                condition = (depth, "SOAP fault", nil, nil)
            }
        }

        mutating func end(depth: Int) {
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
                delivery.visits.append(SIRIVisit(values: visit.values))
                self.visit = nil
            }
            if let condition, condition.depth == depth {
                delivery.error = delivery.error
                    ?? SIRIAnswer.Delivery.Condition(kind: condition.kind, text: condition.text, description: condition.description)
                self.condition = nil
            }
            names.removeSubrange(min(depth, names.count)...)
        }
    }
}
