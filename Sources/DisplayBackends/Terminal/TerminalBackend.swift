#if canImport(Glibc)
import Glibc
#endif
import Framebuffer
import SystemFiles

/// Shows frames on an ANSI 24-bit colour terminal, two pixel rows per text row using "▀" (top pixel as
/// foreground, bottom as background). Starts each frame with cursor-home, so `run` over SSH redraws in place.
public final class TerminalBackend: DisplayBackend {
    private enum Output {
        case sink((String) -> Void)
        case fileDescriptor(Int32)
    }

    private let output: Output
    private var hasDrawn = false

    /// Sends each rendered frame to `sink` as one string (tests, log capture, other transports).
    public init(sink: @escaping (String) -> Void) {
        output = .sink(sink)
    }

    /// Writes each frame with one write loop per frame, so frames are not interleaved with other output.
    public init(fileDescriptor: Int32 = STDOUT_FILENO) {
        output = .fileDescriptor(fileDescriptor)
    }

    public var name: String { "terminal" }

    /// Redraws the whole frame (a terminal frame is a few KB); skips the write when nothing changed.
    public func present(_ frame: Framebuffer, damage: [Rect]) throws(DisplayError) {
        if damage.isEmpty && hasDrawn { return }
        try emit(Self.render(frame))
        hasDrawn = true
    }

    /// Leaves the terminal's colours as they were and the prompt below the picture.
    public func shutdown() {
        try? emit("\u{1B}[0m\n")
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
