/// A tiny 5x7 font: space, 'A', 'g' (with a descender) and one unencoded glyph.
/// Line numbers matter: the error corpus points at them.
enum Fixtures {
    static let tinyLines: [String] = [
        "STARTFONT 2.1",  // 1
        "COMMENT tiny test font",  // 2
        "FONT -test-tiny-medium-r-normal--8-80-75-75-c-60-iso10646-1",  // 3
        "SIZE 8 75 75",  // 4
        "FONTBOUNDINGBOX 5 8 0 -1",  // 5
        "STARTPROPERTIES 3",  // 6
        "FONT_ASCENT 7",  // 7
        "FONT_DESCENT 1",  // 8
        "COPYRIGHT \"Public domain, \"\"tiny\"\"\"",  // 9
        "ENDPROPERTIES",  // 10
        "CHARS 4",  // 11
        "STARTCHAR space",  // 12
        "ENCODING 32",  // 13
        "SWIDTH 750 0",  // 14
        "DWIDTH 6 0",  // 15
        "BBX 0 0 0 0",  // 16
        "BITMAP",  // 17
        "ENDCHAR",  // 18
        "STARTCHAR A",  // 19
        "ENCODING 65",  // 20
        "SWIDTH 750 0",  // 21
        "DWIDTH 6 0",  // 22
        "BBX 5 7 0 0",  // 23
        "BITMAP",  // 24
        "20", "50", "88", "88", "F8", "88", "88",  // 25-31
        "ENDCHAR",  // 32
        "STARTCHAR g",  // 33
        "ENCODING 103",  // 34
        "SWIDTH 625 0",  // 35
        "DWIDTH 5 0",  // 36
        "BBX 4 5 0 -1",  // 37
        "BITMAP",  // 38
        "70", "90", "70", "10", "60",  // 39-43
        "ENDCHAR",  // 44
        "STARTCHAR unencoded",  // 45
        "ENCODING -1 12",  // 46
        "DWIDTH 6 0",  // 47
        "BBX 1 1 0 0",  // 48
        "BITMAP",  // 49
        "80",  // 50
        "ENDCHAR",  // 51
        "ENDFONT",  // 52
    ]

    static var tiny: String { tinyLines.joined(separator: "\n") + "\n" }

    /// `tiny` with line `number` (1-based) replaced; `nil` deletes it.
    static func tiny(replacing number: Int, with replacement: String?) -> String {
        var lines = tinyLines
        if let replacement { lines[number - 1] = replacement } else { lines.remove(at: number - 1) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `tiny` plus extra glyph blocks inserted before ENDFONT, with CHARS adjusted.
    static func tiny(adding glyphs: [[String]], properties: [String] = []) -> String {
        var lines = tinyLines
        lines[10] = "CHARS \(4 + glyphs.count)"
        lines.insert(contentsOf: glyphs.flatMap { $0 }, at: lines.count - 1)
        lines[5] = "STARTPROPERTIES \(3 + properties.count)"
        lines.insert(contentsOf: properties, at: 9)
        return lines.joined(separator: "\n") + "\n"
    }

    /// A glyph block; rows are hex strings.
    static func glyph(_ name: String, _ encoding: Int, dwidth: Int = 6, bbx: String, rows: [String]) -> [String] {
        ["STARTCHAR \(name)", "ENCODING \(encoding)", "DWIDTH \(dwidth) 0", "BBX \(bbx)", "BITMAP"] + rows + ["ENDCHAR"]
    }
}
