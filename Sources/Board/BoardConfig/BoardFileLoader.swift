import SystemFiles
import YAMLTree
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

    private let zones: ZoneCheck

    /// The zone check is injected so this module needs no time-zone database; the app passes the real one.
    public init(zones: ZoneCheck) {
        self.zones = zones
    }

    /// Checks zones by name only, with no suggestions (tests, fuzzing).
    public init(zoneExists: @escaping @Sendable (String) -> Bool) {
        self.init(zones: ZoneCheck(exists: zoneExists))
    }

    public func load(path: String) throws(BoardFileError) -> BoardFile {
        try parse(Self.readText(path: path, what: "board file"), path: path)
    }

    public func parse(_ text: String, path: String) throws(BoardFileError) -> BoardFile {
        let root = try Self.parseRoot(text, path: path, what: "board file", topKeys: BoardSchema.top.keys)
        return try AllProblems.collect(root, dependents: ["display": ["output"]]) { tree in
            BoardSchema.build(root: tree, path: path, zones: zones)
        }
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
    static func parseRoot(_ text: String, path: String, what: String, topKeys: [String]) throws(BoardFileError) -> YAMLNode {
        guard text.utf8.count <= maxFileBytes else { throw tooLarge(path, what: what) }
        // Editors hide a byte-order mark; dropped here so no column on line 1 counts it.
        let text = text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
        // Found in the text rather than left to the composer (which refuses them too), so an
        // anchor is reported as such even when a syntax error comes first.
        if let found = TextScan.firstAnchorOrAlias(in: text) {
            throw YAMLErrors.anchorOrAlias(
                isAlias: found.isAlias, line: found.line, column: found.column, file: path, what: what, text: text)
        }
        let root: YAMLNode?
        do {
            root = try YAMLComposer.compose(text, limits: YAMLComposer.Limits(maxBytes: maxFileBytes))
        } catch {
            throw YAMLErrors.convert(error, text: text, file: path, what: what)
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
        BoardFile(
            path: path, name: BoardPath.defaultName(for: path), timezone: BoardFile.defaultTimezone,
            source: SourceSettings(.demo), departures: DepartureSettings())
    }

    private static func tooLarge(_ path: String, what: String) -> BoardFileError {
        BoardFileError(file: path, message: "\(what) is larger than 1 MiB")
    }
}
