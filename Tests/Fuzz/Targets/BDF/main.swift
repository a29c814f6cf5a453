// Fuzz target: the BDF font parser, both the byte-level `load` (UTF-8 check, then parse) and
// `init(parsing:)` on lossily decoded text.
import BoardRender
import FuzzSupport

enum Fixture {
    static let scratch = ScratchFile()
    /// Latin-1, beyond it, and the ellipsis `truncated` looks for: the lookups a board makes.
    static let probe = "Az 0\u{E9}\u{2026}\u{FFFD}\u{1F68C}"
}

/// Any bytes must parse or throw a `FontError`: never trap, never hang. A font that parses
/// must also serve glyphs, since the renderer trusts it from then on.
func fuzzOne(_ bytes: [UInt8]) {
    Fixture.scratch.write(bytes)
    check { try BDFFont.load(path: Fixture.scratch.path) }
    // For valid UTF-8, `load` already parsed exactly this text; only lossy decoding is new.
    if String(validating: bytes, as: UTF8.self) == nil {
        check { try BDFFont(parsing: String(decoding: bytes, as: UTF8.self), file: "fuzz.bdf") }
    }
}

private func check(_ body: () throws -> BDFFont) {
    do {
        let font = try body()
        for scalar in Fixture.probe.unicodeScalars {
            let glyph = font.glyph(for: scalar)
            _ = glyph.coverage(x: glyph.width - 1, y: glyph.height - 1)
        }
        _ = font.truncated(Fixture.probe, toWidth: font.width(of: "Az"))
    } catch {
        _ = String(describing: error)  // messages quote the input
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput") public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzSupport.run(fuzzOne, data, size)
}
#else
let replayed: Never = FuzzSupport.replayMain(fuzzOne)
#endif
