#if canImport(Glibc)
public import Glibc
#endif
public import Framebuffer
import SystemFiles

/// Shows frames on an ANSI 24-bit colour terminal, two pixel rows per text row using "▀" (top pixel as
/// foreground, bottom as background). Starts each frame with cursor-home, so `run` over SSH redraws in place.
///
/// On a real terminal the picture is fitted to its size (looked up before every frame, so a
/// resized window is followed) and keeps the top of the screen: the lines below it become
/// the scrolling region, where log lines written to the same terminal scroll without
/// touching the picture.
public final class TerminalBackend: DisplayBackend {
    private enum Output {
        case sink((String) -> Void)
        case fileDescriptor(Int32)
    }

    private let output: Output
    private let size: () -> TerminalSize?
    private var hasDrawn = false
    /// The terminal size and picture height (text rows) the scrolling region was set for.
    private var layout: (size: TerminalSize, pictureRows: Int)?

    /// Text rows kept below the picture for log lines, when the terminal is tall enough.
    public static let logRows = 4

    /// Sends each rendered frame to `sink` as one string (tests, log capture, other transports).
    /// `size` stands for the terminal's; nil: frames at their own size, no scrolling region.
    public init(size: @escaping () -> TerminalSize? = { nil }, sink: @escaping (String) -> Void) {
        output = .sink(sink)
        self.size = size
    }

    /// Writes each frame with one write loop per frame, so frames are not interleaved with other output.
    public init(fileDescriptor: Int32 = STDOUT_FILENO) {
        output = .fileDescriptor(fileDescriptor)
        size = { TerminalSize.of(fileDescriptor: fileDescriptor) }
    }

    public var name: String { "terminal" }

    /// Redraws the whole frame (a terminal frame is a few KB); skips the write when nothing changed.
    public func present(_ frame: Framebuffer, damage: [Rect]) throws(DisplayError) {
        let current = size()
        if damage.isEmpty && hasDrawn && current == layout?.size { return }
        guard let current else {
            try emit(Self.render(frame))
            hasDrawn = true
            return
        }
        let picture = Self.fit(frame, to: current, leavingRows: Self.logRows)
        let pictureRows = (picture.height + 1) / 2
        var text = ""
        if layout?.size != current || layout?.pictureRows != pictureRows {
            // Clear, then make the lines under the picture the only ones that scroll, and put
            // the cursor there for whatever else writes to this terminal.
            text += "\u{1B}[2J"
            if current.rows > pictureRows + 1 {
                text += "\u{1B}[\(pictureRows + 2);\(current.rows)r\u{1B}[\(pictureRows + 2);1H"
            }
            layout = (current, pictureRows)
        }
        // Save the cursor (in the log region), draw at the top, put the cursor back.
        text += "\u{1B}7" + Self.render(picture) + "\u{1B}8"
        try emit(text)
        hasDrawn = true
    }

    /// Leaves the terminal's colours and scrolling as they were and the prompt below the picture.
    public func shutdown() {
        if let layout {
            try? emit("\u{1B}[0m\u{1B}[r\u{1B}[\(layout.size.rows);1H\n")
            self.layout = nil
        } else {
            try? emit("\u{1B}[0m\n")
        }
    }

    /// The frame enlarged or reduced to the terminal's width and its height less `leavingRows`
    /// text rows (fewer when the terminal is short: the picture comes first).
    public static func fit(_ frame: Framebuffer, to size: TerminalSize, leavingRows: Int = 0) -> Framebuffer {
        let spare = size.rows > leavingRows + 4 ? leavingRows : 0
        let room = size.pixels(rows: size.rows - spare - 1)
        return frame.fitted(maxWidth: room.width, maxHeight: room.height)
    }

    private func emit(_ text: String) throws(DisplayError) {
        switch output {
        case .sink(let sink):
            sink(text)
        case .fileDescriptor(let fd):
            if !FileDescriptorWriter.writeAll(fd, Array(text.utf8)) {
                throw DisplayError("terminal (fd \(fd)): write failed: \(String(cString: strerror(errno)))")
            }
        }
    }

    /// The exact bytes of one frame: ESC[H, then per text row the cells — colour escapes only when the colour
    /// differs from the previous cell's — and ESC[0m. Rows are separated by "\n" with none after the last, so
    /// a frame as tall as the terminal does not scroll it. Odd heights pad the last row with black.
    public static func render(_ frame: Framebuffer) -> String {
        var out = "\u{1B}[H"
        out.reserveCapacity(16 + frame.width * ((frame.height + 1) / 2) * 40)
        var cellRow = 0
        while cellRow * 2 < frame.height {
            if cellRow > 0 { out += "\n" }
            var foreground: RGB? = nil, background: RGB? = nil
            let top = cellRow * 2, bottom = top + 1
            for x in 0..<frame.width {
                let upper = frame.rgb(x: x, y: top)
                let lower = bottom < frame.height ? frame.rgb(x: x, y: bottom) : RGB.black
                if upper != foreground {
                    out += "\u{1B}[38;2;\(upper.red);\(upper.green);\(upper.blue)m"
                    foreground = upper
                }
                if lower != background {
                    out += "\u{1B}[48;2;\(lower.red);\(lower.green);\(lower.blue)m"
                    background = lower
                }
                out += "\u{2580}"
            }
            out += "\u{1B}[0m"
            cellRow += 1
        }
        return out
    }
}
