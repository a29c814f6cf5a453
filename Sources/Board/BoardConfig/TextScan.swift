import YAMLTree

/// Byte- and line-level checks that must run before (or instead of) the YAML parser.
enum TextScan {
    /// Offset of the first byte that is not part of valid UTF-8, or nil.
    static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            let length: Int, minSecond: UInt8, maxSecond: UInt8
            switch b {
            case 0x00...0x7F: i += 1; continue
            case 0xC2...0xDF: (length, minSecond, maxSecond) = (2, 0x80, 0xBF)
            case 0xE0: (length, minSecond, maxSecond) = (3, 0xA0, 0xBF)  // no overlongs
            case 0xED: (length, minSecond, maxSecond) = (3, 0x80, 0x9F)  // no surrogates
            case 0xE1...0xEF: (length, minSecond, maxSecond) = (3, 0x80, 0xBF)
            case 0xF0: (length, minSecond, maxSecond) = (4, 0x90, 0xBF)
            case 0xF1...0xF3: (length, minSecond, maxSecond) = (4, 0x80, 0xBF)
            case 0xF4: (length, minSecond, maxSecond) = (4, 0x80, 0x8F)  // <= U+10FFFF
            default: return i
            }
            guard i + 1 < bytes.count, (minSecond...maxSecond).contains(bytes[i + 1]) else { return i }
            for k in 2..<length {
                guard i + k < bytes.count, (0x80...0xBF).contains(bytes[i + k]) else { return i }
            }
            i += length
        }
        return nil
    }

    /// 1-based line and column (in scalars) of a byte offset into valid UTF-8 `bytes[..<offset]`.
    static func lineColumn(ofByte offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        let mark = YAMLLines.mark(ofByte: offset, in: bytes)
        return (mark.line, mark.column)
    }

    /// Position of the first YAML anchor (`&a`) or alias (`*a`), found without building a tree,
    /// so alias bombs never reach the parser. Tracks quotes, comments, flow collections and
    /// block scalars well enough that `&` or `*` inside ordinary values is not mistaken for one.
    static func firstAnchorOrAlias(in text: String) -> (line: Int, column: Int, isAlias: Bool)? {
        var quote: Unicode.Scalar?  // open quote carried across lines
        var blockScalarIndent: Int?  // inside `|`/`>` content deeper than this indent
        var flowDepth = 0
        for (index, line) in lines(of: text).enumerated() {
            let indent = line.prefix { $0 == " " }.count
            if let parent = blockScalarIndent {
                if indent == line.count || indent > parent { continue }
                blockScalarIndent = nil
            }
            var expectNode = quote == nil
            var i = quote == nil ? indent : 0
            // A document marker ("--- &a") is followed by a node, unlike "---x".
            if quote == nil, indent == 0, line.count >= 3, line[0] == "-", line[1] == "-", line[2] == "-",
                line.count == 3 || line[3] == " " || line[3] == "\t"
            {
                i = 3
            }
            lineLoop: while i < line.count {
                let c = line[i]
                let next: Unicode.Scalar? = i + 1 < line.count ? line[i + 1] : nil
                let nextIsBlank = next == nil || next == " " || next == "\t" || next == "\r"
                if let open = quote {
                    if open == "\"" && c == "\\" { i += 2; continue }
                    if c == open {
                        if open == "'" && next == "'" { i += 2; continue }
                        quote = nil
                        expectNode = false
                    }
                    i += 1; continue
                }
                switch c {
                case " ", "\t", "\r":
                    break
                case "#" where i == 0 || line[i - 1] == " " || line[i - 1] == "\t":
                    break lineLoop
                case "&" where expectNode, "*" where expectNode:
                    return (index + 1, i + 1, c == "*")
                case "'" where expectNode, "\"" where expectNode:
                    quote = c
                case "|" where expectNode && flowDepth == 0, ">" where expectNode && flowDepth == 0:
                    blockScalarIndent = indent
                    break lineLoop
                case "[" where expectNode || flowDepth > 0, "{" where expectNode || flowDepth > 0:
                    flowDepth += 1
                    expectNode = true
                case "]" where flowDepth > 0, "}" where flowDepth > 0:
                    flowDepth -= 1
                    expectNode = false
                case "," where flowDepth > 0:
                    expectNode = true
                case "-" where expectNode && nextIsBlank, "?" where expectNode && nextIsBlank:
                    break  // block sequence / complex key indicator: a node follows
                case "!" where expectNode:
                    while i + 1 < line.count && line[i + 1] != " " { i += 1 }  // skip tag
                case ":" where nextIsBlank || (flowDepth > 0 && (next == "," || next == "]" || next == "}")):
                    expectNode = true
                default:
                    expectNode = false
                }
                i += 1
            }
        }
        return nil
    }

    /// Where a key duplicated in a block mapping appears again, and the dotted path of its parent,
    /// read from the indentation: the composer's error has places, not the keys above them.
    static func locateDuplicate(
        of key: String, firstLine: Int, firstColumn: Int,
        in text: String
    ) -> (secondLine: Int?, parentPath: [String]) {
        let lines = lines(of: text)
        let indent = firstColumn - 1
        var second: Int?
        // The parser's places index these lines; clamped anyway, so no text can make this trap.
        var row = max(firstLine, 0)
        while row < lines.count {
            let line = lines[row]
            row += 1
            guard let lineIndent = contentIndent(line) else { continue }
            if lineIndent < indent { break }
            if lineIndent == indent, blockKey(in: line, at: indent) == key { second = row; break }
        }
        var path: [String] = []
        var current = indent
        row = min(firstLine - 2, lines.count - 1)
        while current > 0 && row >= 0 {
            let line = lines[row]
            row -= 1
            guard let lineIndent = contentIndent(line), lineIndent < current else { continue }
            guard let parent = blockKey(in: line, at: lineIndent) else { break }
            path.insert(parent, at: 0)
            current = lineIndent
        }
        return (second, path)
    }

    /// Indentation of a line with content, or nil for blank and comment-only lines.
    private static func contentIndent(_ line: [Unicode.Scalar]) -> Int? {
        guard let first = line.firstIndex(where: { $0 != " " && $0 != "\r" }), line[first] != "#" else { return nil }
        return first
    }

    /// The plain or quoted key starting at `column` of `key: ...`, if the line has that shape.
    private static func blockKey(in line: [Unicode.Scalar], at column: Int) -> String? {
        guard column < line.count else { return nil }
        var scalars = String.UnicodeScalarView()
        var i = column
        if line[i] == "\"" || line[i] == "'" {
            let open = line[i]
            i += 1
            while i < line.count && line[i] != open { scalars.append(line[i]); i += 1 }
            i += 1
        } else {
            while i < line.count, !(line[i] == ":" && (i + 1 == line.count || line[i + 1] == " ")) {
                scalars.append(line[i]); i += 1
            }
        }
        while i < line.count && line[i] == " " { i += 1 }
        guard i < line.count, line[i] == ":" else { return nil }
        return String(String(scalars).reversed().drop { $0 == " " }.reversed())
    }

    /// Column of a tab in the indentation of `line` (1-based), if any.
    static func tabInIndentation(line: Int, of text: String) -> Int? {
        let lines = lines(of: text)
        guard line >= 1, line <= lines.count else { return nil }
        let leading = lines[line - 1].prefix { $0 == " " || $0 == "\t" }
        return leading.firstIndex(of: "\t").map { $0 + 1 }
    }

    /// Lines as the parser counts them (YAMLLines owns the rule).
    static func lines(of text: String) -> [[Unicode.Scalar]] {
        YAMLLines.lines(of: text)
    }
}
