import CYAML

/// One libyaml event, copied into Swift values so the C event can be freed at once.
struct Event {
    enum Kind: Equatable {
        case streamStart, streamEnd, documentStart, documentEnd
        case alias(String)
        case scalar(String, YAMLScalar.Style)
        case sequenceStart, sequenceEnd, mappingStart, mappingEnd
        /// YAML_NO_EVENT: libyaml has nothing more to give (only after the stream's end).
        case none
    }

    var kind: Kind
    var anchor: String?
    var tag: String?
    var mark: YAMLMark
}

/// libyaml's event parser over its own copy of the text. Each `next` frees the C event before
/// it returns; the parser and the copy are freed with this value (it cannot be copied, so
/// they are freed exactly once).
struct EventReader: ~Copyable {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    /// libyaml reads the input in place for as long as the parser lives.
    private let input: UnsafeMutableBufferPointer<UInt8>

    init(_ text: String) throws(YAMLError) {
        let bytes = text.utf8
        let input = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        _ = input.initialize(from: bytes)
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        guard yaml_parser_initialize(parser) == 1 else {
            parser.deallocate()
            input.deallocate()
            throw .outOfMemory
        }
        // No yaml_parser_set_encoding: libyaml then detects UTF-8 and skips a byte-order mark
        // without counting it as a column.
        yaml_parser_set_input_string(parser, input.baseAddress, bytes.count)
        self.parser = parser
        self.input = input
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
        input.deallocate()
    }

    func next() throws(YAMLError) -> Event {
        var event = yaml_event_t()
        // libyaml clears the event first and frees its own partial work on failure, so
        // deleting is right on both paths.
        defer { yaml_event_delete(&event) }
        guard yaml_parser_parse(parser, &event) == 1 else { throw failure() }
        return Event(copying: event)
    }

    /// The parser's error as a `YAMLError`, located in the user's terms.
    private func failure() -> YAMLError {
        let state = parser.pointee
        let problem = state.problem.map { String(cString: $0) } ?? "unknown problem"
        switch state.error {
        case YAML_MEMORY_ERROR:
            return .outOfMemory
        case YAML_READER_ERROR:
            // Reader errors carry a byte offset, not a mark.
            return .unreadable(problem: problem, at: mark(ofByte: state.problem_offset))
        default:
            let context = state.context.map { text in
                YAMLError.Context(text: String(cString: text), mark: YAMLMark(state.context_mark))
            }
            return .syntax(problem: problem, at: YAMLMark(state.problem_mark), context: context)
        }
    }

    /// Line and column of a byte offset, lines counted as libyaml counts them.
    private func mark(ofByte offset: Int) -> YAMLMark {
        YAMLLines.mark(ofByte: offset, in: input)
    }
}

extension YAMLMark {
    /// libyaml counts from 0; people count from 1.
    init(_ mark: yaml_mark_t) {
        self.init(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }
}

extension Event {
    init(copying event: yaml_event_t) {
        let data = event.data
        mark = YAMLMark(event.start_mark)
        switch event.type {
        case YAML_STREAM_START_EVENT: kind = .streamStart
        case YAML_STREAM_END_EVENT: kind = .streamEnd
        case YAML_DOCUMENT_START_EVENT: kind = .documentStart
        case YAML_DOCUMENT_END_EVENT: kind = .documentEnd
        case YAML_ALIAS_EVENT:
            kind = .alias(Self.string(data.alias.anchor) ?? "")
        case YAML_SCALAR_EVENT:
            let scalar = data.scalar
            let value = scalar.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self) }
            kind = .scalar(value ?? "", Self.style(scalar.style))
            anchor = Self.string(scalar.anchor)
            tag = Self.string(scalar.tag)
        case YAML_SEQUENCE_START_EVENT:
            kind = .sequenceStart
            anchor = Self.string(data.sequence_start.anchor)
            tag = Self.string(data.sequence_start.tag)
        case YAML_SEQUENCE_END_EVENT: kind = .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            kind = .mappingStart
            anchor = Self.string(data.mapping_start.anchor)
            tag = Self.string(data.mapping_start.tag)
        case YAML_MAPPING_END_EVENT: kind = .mappingEnd
        default: kind = .none
        }
    }

    /// A C string from libyaml (anchors, tags), nil when absent or empty.
    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer, pointer.pointee != 0 else { return nil }
        return String(cString: pointer)
    }

    private static func style(_ style: yaml_scalar_style_t) -> YAMLScalar.Style {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: .literal
        case YAML_FOLDED_SCALAR_STYLE: .folded
        default: .plain
        }
    }
}
