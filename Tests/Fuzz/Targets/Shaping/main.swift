// Fuzz target: text shaping (FriBidi, HarfBuzz) over the font chain, as a board measures, cuts
// and draws a headsign: bidi controls, combining marks, emoji, joining letters, huge texts.
import BoardRender
import Framebuffer
import FuzzSupport

enum Fixture {
    /// The bundled font (run from the checkout) and Debian's fallbacks where installed.
    static let chain: FontChain = {
        var fonts: [any Font] = []
        if let board = try? BDFFont.load(path: "Fonts/board-6x12.bdf") { fonts.append(board) }
        for path in ["/usr/share/fonts/X11/misc/wenquanyi_9pt.pcf", "/usr/share/fonts/X11/misc/unifont.pcf.gz"] {
            if let font = try? FreeTypeFont(path: path, pixelSize: 12) { fonts.append(font) }
        }
        guard !fonts.isEmpty else { fatalError("run from the checkout: Fonts/board-6x12.bdf is missing") }
        return FontChain(fonts, language: "und")
    }()
    static let palette = Palette(format: .rgb888)
}

/// Any text must shape, measure, cut and draw without trapping, and stay inside its width
/// and its clip. The first byte picks a width and whether the text is repeated to 10,000
/// characters (a hostile feed's headsign).
func fuzzOne(_ bytes: [UInt8]) {
    guard let first = bytes.first else { return }
    var text = String(decoding: bytes.dropFirst(), as: UTF8.self)
    if first & 0x80 != 0, !text.isEmpty {
        text = String(repeating: text, count: 10_000 / max(1, text.count) + 1)
    }
    let chain = Fixture.chain
    let width = Int(first & 0x7F) * 4
    let shaped = chain.shaped(text)
    precondition(shaped.glyphs.count <= 2 * FontChain.longestShapedText, "shaping is bounded")
    let cut = chain.truncated(text, toWidth: width)
    precondition(cut.isEmpty || chain.width(of: cut) <= width, "a cut text fits its width")
    var canvas = Canvas(frame: Framebuffer(width: 160, height: 24, format: .rgb888), palette: Fixture.palette)
    canvas.clip = Rect(x: 8, y: 4, width: 120, height: 16)
    canvas.texts = []
    canvas.draw(cut, font: chain, x: 8, baseline: 16, .text, role: .headsign, full: text)
    canvas.draw(text, font: chain, x: 8 - Int(first), baseline: 16, .text, role: .headsign, scrolls: true)
    precondition(
        canvas.texts?.allSatisfy { $0.shown.isEmpty || ($0.x >= 8 && $0.x + $0.width <= 128) } ?? false,
        "shown text stays in its clip")
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput") public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzSupport.run(fuzzOne, data, size)
}
#else
let replayed: Never = FuzzSupport.replayMain(fuzzOne)
#endif
