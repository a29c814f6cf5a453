import SystemFiles
import Yams
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads, parses and validates board files.
public struct BoardFileLoader: Sendable {
    /// Board files are small; anything bigger is a mistake or an attack, refused before parsing.
    public static let maxFileBytes = 1 << 20

    private let zoneExists: @Sendable (String) -> Bool

    /// zoneExists is injected so this module needs no time-zone database; the app passes the real check.
    public init(zoneExists: @escaping @Sendable (String) -> Bool) {
        self.zoneExists = zoneExists
    }

    public func load(path: String) throws(BoardFileError) -> BoardFile {
        try parse(Self.readText(path: path, what: "board file"), path: path)
    }

    public func parse(_ text: String, path: String) throws(BoardFileError) -> BoardFile {
        let root = try Self.parseRoot(text, path: path, what: "board file", topKeys: BoardSchema.top.keys)
        return try BoardSchema.build(root: root, path: path, zoneExists: zoneExists)
    }

    /// The whole file as text: bounded and checked to be UTF-8. Shared with hub files.
    static func readText(path: String, what: String) throws(BoardFileError) -> String {
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.read(path, maxBytes: maxFileBytes, requireRegularFile: true)
        } catch {
            switch error {
            case .tooLarge: throw tooLarge(path, what: what)
            case .system(let text): throw BoardFileError(file: path, message: "cannot read file: \(text)")
            }
        }
        if let offset = TextScan.firstInvalidUTF8Offset(bytes) {
            let (line, column) = TextScan.lineColumn(ofByte: offset, in: bytes)
            throw BoardFileError(file: path, line: line, column: column, message: "not valid UTF-8 (byte offset \(offset))")
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The document's top-level mapping. `what` names the kind of file in messages.
    static func parseRoot(_ text: String, path: String, what: String, topKeys: [String]) throws(BoardFileError) -> Node {
        guard text.utf8.count <= maxFileBytes else { throw tooLarge(path, what: what) }
        // Before the parser: Yams expands aliases while composing and hashes keys deeply.
        if let found = TextScan.firstAnchorOrAlias(in: text) {
            let kind = found.isAlias ? "YAML aliases (*name)" : "YAML anchors (&name)"
            throw BoardFileError(file: path, line: found.line, column: found.column,
                                 message: "\(kind) are not allowed in \(what)s; write each value out")
        }
        let root: Node?
        do {
            root = try Parser(yaml: text, encoding: .utf8).singleRoot()
        } catch let error as YamlError {
            throw YAMLErrors.convert(error, text: text, file: path, what: what)
        } catch {
            throw BoardFileError(file: path, message: "YAML error: \(shown(String(describing: error), limit: 200))")
        }
        guard let root else { throw BoardFileError(file: path, message: "\(what) is empty") }
        guard case .mapping = root else {
            let keys = topKeys.joined(separator: ", ")
            throw Section.error(path, root.mark, nil, "the top level must be a mapping of keys (\(keys)); \(Section.got(root))")
        }
        return root
    }

    /// Just the all-defaults demo board for `path`.
    public func defaults(path: String) -> BoardFile {
        Self.defaultBoard(path: path)
    }

    static func defaultBoard(path: String) -> BoardFile {
        BoardFile(path: path, name: BoardPath.defaultName(for: path), timezone: BoardFile.defaultTimezone,
                  source: SourceSettings(kind: .demo), departures: DepartureSettings())
    }

    private static func tooLarge(_ path: String, what: String) -> BoardFileError {
        BoardFileError(file: path, message: "\(what) is larger than 1 MiB")
    }
}

/// Turns Yams errors into short located messages (never the YAML text itself).
enum YAMLErrors {
    static func convert(_ error: YamlError, text: String, file: String, what: String = "board file") -> BoardFileError {
        switch error {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            // libyaml's complaint about tabs is cryptic; say what is wrong instead.
            for line in [mark.line, mark.line - 1] {
                if let column = TextScan.tabInIndentation(line: line, of: text) {
                    return BoardFileError(file: file, line: line, column: column,
                                          message: "YAML syntax error: tab character in indentation; indent with spaces")
                }
            }
            if problem == "but found another document" {
                return BoardFileError(file: file, line: mark.line, column: mark.column,
                                      message: "YAML syntax error: a \(what) holds one YAML document; found a second one")
            }
            let detail = context.map { " (\($0.text) at line \($0.mark.line), column \($0.mark.column))" } ?? ""
            return BoardFileError(file: file, line: mark.line, column: mark.column,
                                  message: "YAML syntax error: \(problem)\(detail)")
        case .reader(let problem, let offset, _, _):
            let position = offset.map { TextScan.lineColumn(ofByte: $0, in: Array(text.utf8)) }
            return BoardFileError(file: file, line: position?.line, column: position?.column,
                                  message: "YAML syntax error: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            let key = duplicates.first ?? "?"
            let first = context.mark
            let found = TextScan.locateDuplicate(of: key, firstLine: first.line, firstColumn: first.column, in: text)
            let keyPath = (found.parentPath + [key]).map { shown($0) }.joined(separator: ".")
            if let second = found.secondLine {
                return BoardFileError(file: file, line: second, column: first.column, key: keyPath,
                                      message: "duplicate key: set on line \(first.line) and again on line \(second)")
            }
            return BoardFileError(file: file, line: first.line, column: first.column, key: keyPath,
                                  message: "duplicate key: set more than once in this mapping")
        default:
            return BoardFileError(file: file, message: "YAML error: \(shown(String(describing: error), limit: 200))")
        }
    }
}
