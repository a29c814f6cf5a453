#if canImport(Glibc)
import Glibc
#endif
import Framebuffer
import SystemFiles

/// Writes each frame to an image file (format from the extension) for previews, screenshots and CI.
/// Writes are atomic — a temp file in the same folder renamed over the target — so a viewer or web server
/// polling the file never sees half an image.
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
        try AtomicFile.write(data, to: path)
    }
}

/// Whole-or-nothing file writes: a temporary file in the same folder (rename is atomic only
/// within one filesystem), then `rename` over the target, so a reader never sees half a file.
public enum AtomicFile {
    public static func write(_ data: [UInt8], to path: String) throws(DisplayError) {
        let temp = temporaryPath(for: path)
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw systemError(path, "cannot create temporary file \(temp)") }
        var failure: DisplayError? = nil
        if !FileDescriptorWriter.writeAll(fd, data) {
            failure = systemError(path, "cannot write")
        }
        if close(fd) != 0 && failure == nil {
            failure = systemError(path, "cannot close")
        }
        if failure == nil && rename(temp, path) != 0 {
            failure = systemError(path, "cannot rename \(temp) into place")
        }
        if let failure {
            unlink(temp)
            throw failure
        }
    }

    /// Pid-suffixed so two processes writing one path do not clobber each other's temp file.
    private static func temporaryPath(for path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let file = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return "\(folder).\(file).\(getpid()).tmp"
    }

    private static func systemError(_ path: String, _ what: String) -> DisplayError {
        DisplayError("\(path): \(what): \(String(cString: strerror(errno)))")
    }
}
