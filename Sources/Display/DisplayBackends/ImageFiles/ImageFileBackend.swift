#if canImport(Glibc)
import Glibc
#endif
public import Framebuffer
import SystemFiles

/// Writes each frame to an image file (format from the extension) for previews, screenshots and CI.
/// Writes are atomic — a temp file in the same folder renamed over the target (`AtomicFile`) — so a viewer
/// or web server polling the file never sees half an image, nor does anyone after a kill. They are not
/// synced: a ticker rewrites the file many times a second, and two fsyncs a frame would cost an SD card
/// its speed and its life; a power cut can lose the last frames, which the next start draws again.
public final class ImageFileBackend: DisplayBackend {
    public let path: String
    public let format: ImageFormat
    /// False until a write succeeds; after that an empty damage list skips the (identical) rewrite.
    private var hasWritten = false

    /// Fails when the path has no extension we can encode, so a typo shows at startup, not at the first frame.
    public init(path: String) throws(DisplayError) {
        guard let format = ImageFormat(path: path) else {
            throw DisplayError("\(path): unknown image extension (use .png, .ppm or .pgm)")
        }
        self.path = path
        self.format = format
    }

    public var name: String { "file:\(path)" }

    public func present(_ frame: Framebuffer, damage: [Rect]) throws(DisplayError) {
        if damage.isEmpty && hasWritten { return }
        let data: [UInt8]
        do {
            data = try ImageEncoder.encode(frame, as: format)
        } catch {
            throw DisplayError("\(path): cannot encode \(format.rawValue): \(error)")
        }
        try writeAtomically(data)
        hasWritten = true
    }

    public func shutdown() {}

    private func writeAtomically(_ data: [UInt8]) throws(DisplayError) {
        do {
            try AtomicFile.write(data, to: path, durable: false)
        } catch {
            throw DisplayError(error.description)
        }
    }
}
