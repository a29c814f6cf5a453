import CShapingLoader

/// One text through Unicode's bidirectional algorithm (FriBidi) and HarfBuzz: split into runs
/// of one direction and one font, the runs put in visual order, each run shaped.
struct TextShaper {
    let chain: FontChain
    let table: OpaquePointer

    func shape(_ text: String) -> ShapedText {
        let scalars = Array(text.unicodeScalars.prefix(FontChain.longestShapedText))
        let codes = scalars.map(\.value)
        let count = codes.count
        guard count > 0 else { return ShapedText(glyphs: [], width: 0, direction: .ltr, missingGlyphs: 0) }
        var levels = [UInt8](repeating: 0, count: count)
        var visual = [Int32](repeating: 0, count: count)
        let paragraph = db_bidi_line(table, codes, Int32(count), -1, &levels, &visual)
        guard paragraph >= 0 else { return ShapedText(simple: text, font: chain) }

        let fonts = fontIndexes(scalars)
        let runs = Self.runs(levels: levels, fonts: fonts)
        var runOf = [Int](repeating: 0, count: count)
        for (number, run) in runs.enumerated() { for index in run.range { runOf[index] = number } }
        // Each run is contiguous in visual order too: the order runs first appear in is theirs.
        var order: [Int] = [], seen = Set<Int>()
        for position in visual where seen.insert(runOf[Int(position)]).inserted { order.append(runOf[Int(position)]) }

        var placed: [ShapedText.Placed] = []
        var pen64 = 0, missing = 0
        for number in order {
            let run = runs[number]
            let font = chain.fonts[run.font]
            let outline = Self.outline(font)
            for shaped in shapeRun(run, codes: codes, outline: outline) {
                let glyph: Glyph
                if shaped.glyph == 0 {
                    glyph = outline?.glyph(index: 0) ?? font.glyph(for: Unicode.Scalar(0xFFFF)!)
                    let source = shaped.cluster < count ? scalars[shaped.cluster] : " "
                    if !source.properties.isWhitespace { missing += 1 }
                } else if let outline {
                    glyph = outline.glyph(index: shaped.glyph)
                } else {
                    glyph = font.glyph(for: Unicode.Scalar(shaped.glyph) ?? "\u{FFFD}")
                }
                let x = Self.pixels(pen64 + shaped.xOffset)
                let advance = Self.pixels(pen64 + shaped.xAdvance) - Self.pixels(pen64)
                placed.append(
                    ShapedText.Placed(
                        glyph: glyph, id: shaped.glyph, x: x, rise: Self.pixels(shaped.yOffset),
                        advance: advance, scalar: shaped.cluster))
                pen64 += shaped.xAdvance
            }
        }
        return ShapedText(
            glyphs: placed, width: Self.pixels(pen64), direction: paragraph == 1 ? .rtl : .ltr,
            missingGlyphs: missing)
    }

    /// Which font of the chain draws each scalar. A mark or an invisible control stays with
    /// the letter before it, so HarfBuzz composes it with that letter (u + ◌̈ → ü) or places
    /// it there; a scalar no font has goes to the first font, whose box shows it is missing.
    private func fontIndexes(_ scalars: [Unicode.Scalar]) -> [Int] {
        var fonts: [Int] = []
        fonts.reserveCapacity(scalars.count)
        for scalar in scalars {
            let clings: Bool
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: clings = true
            default: clings = scalar.properties.isDefaultIgnorableCodePoint
            }
            if clings, let previous = fonts.last {
                fonts.append(previous)
            } else {
                fonts.append(chain.fontIndex(for: scalar) ?? fonts.last ?? 0)
            }
        }
        return fonts
    }

    struct Run {
        var range: Range<Int>
        var level: UInt8
        var font: Int
    }

    /// Longest stretches of one embedding level and one font, in logical order.
    static func runs(levels: [UInt8], fonts: [Int]) -> [Run] {
        var runs: [Run] = []
        var start = 0
        for index in 1...levels.count where index == levels.count || levels[index] != levels[start] || fonts[index] != fonts[start] {
            runs.append(Run(range: start..<index, level: levels[start], font: fonts[start]))
            start = index
        }
        return runs
    }

    /// An outline font (TrueType, OpenType) shapes with its own tables, glyphs by index;
    /// bitmap fonts through HarfBuzz's fallback, glyphs by character.
    static func outline(_ font: any Font) -> FreeTypeFont? {
        let font = (font as? LazyFont)?.font ?? font
        guard let outline = font as? FreeTypeFont, outline.isScalable else { return nil }
        return outline
    }

    private func shapeRun(_ run: Run, codes: [UInt32], outline: FreeTypeFont?) -> [ShapedGlyph] {
        let call = ShapingRun(
            codes: codes, start: run.range.lowerBound, length: run.range.count,
            rtl: run.level % 2 == 1, language: chain.language ?? "und")
        let address = UInt(bitPattern: table)
        if let outline { return outline.shape(call, table: address) }
        guard let font = chain.shapingFont(run.font, table: table) else { return [] }
        return call.shape(table: address, font: UInt(bitPattern: font))
    }

    /// 1/64 pixel → whole pixels, rounded to nearest.
    static func pixels(_ value: Int) -> Int { (value + 32) >> 6 }
}

/// HarfBuzz's answer for one glyph, in 1/64 pixel.
struct ShapedGlyph: Sendable {
    var glyph: UInt32, cluster: Int, xAdvance: Int, xOffset: Int, yOffset: Int
}

/// One run of one direction and one font, as HarfBuzz is asked to shape it: the whole text
/// is its context (for joining across a font change).
struct ShapingRun: Sendable {
    var codes: [UInt32]
    var start: Int, length: Int
    var rtl: Bool
    var language: String

    /// `table` and `font`: the addresses of the loaded library and of a db_shaping_font.
    func shape(table: UInt, font: UInt) -> [ShapedGlyph] {
        guard let library = OpaquePointer(bitPattern: table), let font = OpaquePointer(bitPattern: font) else { return [] }
        var capacity = length + 8
        while true {
            var out = [db_shaped_glyph](repeating: db_shaped_glyph(), count: capacity)
            let made = Int(
                db_shape(
                    library, font, codes, Int32(codes.count), Int32(start), Int32(length), rtl ? 1 : 0,
                    language, &out, Int32(capacity)))
            if made < 0 { return [] }
            if made <= capacity {
                return out.prefix(made).map {
                    ShapedGlyph(
                        glyph: $0.glyph, cluster: Int($0.cluster), xAdvance: Int($0.x_advance),
                        xOffset: Int($0.x_offset), yOffset: Int($0.y_offset))
                }
            }
            capacity = made
        }
    }
}
