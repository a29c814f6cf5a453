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
            for shaped in shapeRun(run, codes: codes) {
                let font = chain.fonts[run.font]
                let glyph: Glyph
                if shaped.glyph == 0 {
                    glyph = font.glyph(for: Unicode.Scalar(0xFFFF)!)
                    let source = Int(shaped.cluster) < count ? scalars[Int(shaped.cluster)] : " "
                    if !source.properties.isWhitespace { missing += 1 }
                } else {
                    glyph = font.glyph(for: Unicode.Scalar(shaped.glyph) ?? "\u{FFFD}")
                }
                let x = Self.pixels(pen64 + Int(shaped.x_offset))
                let advance = Self.pixels(pen64 + Int(shaped.x_advance)) - Self.pixels(pen64)
                placed.append(ShapedText.Placed(glyph: glyph, id: shaped.glyph, x: x, rise: Self.pixels(Int(shaped.y_offset)),
                                                advance: advance, scalar: Int(shaped.cluster)))
                pen64 += Int(shaped.x_advance)
            }
        }
        return ShapedText(glyphs: placed, width: Self.pixels(pen64), direction: paragraph == 1 ? .rtl : .ltr,
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

    private func shapeRun(_ run: Run, codes: [UInt32]) -> [db_shaped_glyph] {
        guard let font = chain.shapingFont(run.font, table: table) else { return [] }
        let rtl: Int32 = run.level % 2 == 1 ? 1 : 0
        var capacity = run.range.count + 8
        while true {
            var out = [db_shaped_glyph](repeating: db_shaped_glyph(), count: capacity)
            let made = Int(db_shape(table, font, codes, Int32(codes.count), Int32(run.range.lowerBound),
                                    Int32(run.range.count), rtl, chain.language ?? "und", &out, Int32(capacity)))
            if made < 0 { return [] }
            if made <= capacity { return Array(out.prefix(made)) }
            capacity = made
        }
    }

    /// 1/64 pixel → whole pixels, rounded to nearest.
    static func pixels(_ value: Int) -> Int { (value + 32) >> 6 }
}
