import DisplayBackends
import Framebuffer
import Testing

/// `run --output -` and `render --output -` on a real terminal: the picture fits the
/// window, and log lines scroll below it instead of over it.
struct TerminalFitTests {
    static let esc = "\u{1B}"

    static func frame(_ width: Int, _ height: Int) -> Framebuffer {
        var frame = Framebuffer(width: width, height: height, format: .rgb888)
        frame.fill(Rect(x: 0, y: 0, width: width / 2, height: height), with: PixelValue(0xFF8800))
        return frame
    }

    /// Text rows and the widest row of a rendered picture, escapes left out.
    static func cells(_ text: String) -> (rows: Int, columns: Int) {
        var plain = "", inEscape = false
        for character in text {
            if character == "\u{1B}" { inEscape = true; continue }
            if inEscape { if character.isLetter { inEscape = false }; continue }
            plain.append(character)
        }
        let lines = plain.split(separator: "\n", omittingEmptySubsequences: false)
        return (lines.count, lines.map(\.count).max() ?? 0)
    }

    @Test(arguments: [(480, 320, 80, 24), (480, 320, 200, 60), (32, 8, 100, 30), (256, 64, 40, 10)])
    func aPictureFitsItsTerminal(width: Int, height: Int, columns: Int, rows: Int) {
        let size = TerminalSize(columns: columns, rows: rows)
        let fitted = TerminalBackend.fit(Self.frame(width, height), to: size, leavingRows: TerminalBackend.logRows)
        let shown = Self.cells(TerminalBackend.render(fitted))
        #expect(shown.columns <= columns)
        #expect(shown.rows <= rows - 1)
        // Square pixels: the panel's shape is kept.
        let ratio = Double(fitted.width) / Double(fitted.height), original = Double(width) / Double(height)
        #expect(abs(ratio - original) / original < 0.1, "\(fitted.width)×\(fitted.height) from \(width)×\(height)")
    }

    @Test func smallPanelsAreEnlargedByWholePixels() {
        let fitted = TerminalBackend.fit(Self.frame(32, 8), to: TerminalSize(columns: 100, rows: 30), leavingRows: 4)
        #expect((fitted.width, fitted.height) == (96, 24))
        #expect(fitted[0, 0] == PixelValue(0xFF8800) && fitted[47, 23] == PixelValue(0xFF8800) && fitted[48, 0] == PixelValue(0))
    }

    /// The lines under the picture scroll on their own; each frame is drawn from the top with
    /// the cursor saved and put back, so a log line's place is not moved by a redraw.
    @Test func logLinesScrollBelowThePicture() throws {
        var size = TerminalSize(columns: 80, rows: 24)
        var received: [String] = []
        let backend = TerminalBackend(size: { size }, sink: { received.append($0) })
        let frame = Self.frame(480, 320)
        try backend.present(frame, damage: [frame.bounds])
        let e = Self.esc
        let pictureRows = (TerminalBackend.fit(frame, to: size, leavingRows: TerminalBackend.logRows).height + 1) / 2
        #expect(received[0].hasPrefix("\(e)[2J\(e)[\(pictureRows + 2);24r\(e)[\(pictureRows + 2);1H\(e)7\(e)[H"))
        #expect(received[0].hasSuffix("\(e)8"))
        try backend.present(frame, damage: [])
        #expect(received.count == 1, "an unchanged frame on an unchanged terminal is not redrawn")
        // A resized window: the region is set again and the picture refitted.
        size = TerminalSize(columns: 120, rows: 40)
        try backend.present(frame, damage: [])
        #expect(received.count == 2)
        let rows = (TerminalBackend.fit(frame, to: size, leavingRows: TerminalBackend.logRows).height + 1) / 2
        #expect(received[1].hasPrefix("\(e)[2J\(e)[\(rows + 2);40r"))
        backend.shutdown()
        #expect(received.last == "\(e)[0m\(e)[r\(e)[40;1H\n", "the scrolling region is given back")
    }
}
