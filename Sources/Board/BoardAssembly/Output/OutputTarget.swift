public import SourceAssembly
public import BoardConfig
public import DisplayBackends
import Glibc
public import Logging
import SystemFiles

/// Where a running board's frames go.
public enum OutputTarget: Sendable, Equatable {
    /// The board's own `output:` (its panel, or `/dev/fbN`); a terminal when it has none and stdout is one.
    case board
    /// The board's panel driver on a trace bus, written line by line to this file.
    case trace(String)
    /// An image file rewritten on every change.
    case imageFile(String)
    /// This terminal, in colour half blocks.
    case terminal
}

extension OutputTarget {
    /// Frames go to the board's panel driver (on its bus or a trace): its refresh limits apply.
    public var drivesPanel: Bool {
        switch self {
        case .board, .trace: true
        case .imageFile, .terminal: false
        }
    }

    /// The backend for this target. `hardware` opens the board's buses; tests inject a bus double.
    public func backend(
        for board: BoardFile,
        hardware: (BoardFile) throws(AssemblyError) -> any PanelIO = PanelAssembly.hardwareBus,
        logger: Logger? = nil
    )
        throws(AssemblyError) -> any DisplayBackend
    {
        switch self {
        case .trace(let path):
            let file = try AppendingFile(path: path)
            return try PanelAssembly.traceBackend(for: board, name: "trace:\(path)", logger: logger) { file.write($0) }
        case .imageFile(let path):
            do {
                return try ImageFileBackend(path: path)
            } catch {
                throw AssemblyError(.usage, error.description)
            }
        case .terminal:
            return TerminalBackend()
        case .board:
            break
        }
        guard let output = board.output else {
            guard isatty(STDOUT_FILENO) == 1 else {
                throw AssemblyError(
                    .usage, "\(board.path): no output section: give --output PATH (an image file, or - for this terminal) or --trace FILE")
            }
            return TerminalBackend()
        }
        if output.driver == .image {
            return try OutputTarget.imageFile(output.device).backend(for: board, hardware: hardware)
        }
        if output.driver == .hub75 {
            return try HUB75Assembly.backend(for: board, launcher: try HUB75Assembly.launcher(for: board), logger: logger)
        }
        if output.driver == .fbdev {
            do {
                return FramebufferBackend(device: try LinuxFramebuffer(path: output.device))
            } catch {
                throw AssemblyError(.io, "\(board.path): \(error)")
            }
        }
        return PanelBackend(driver: try PanelAssembly.driver(for: board, io: try hardware(board)), name: output.driver.rawValue)
    }
}

/// A file written line by line as things happen (the trace of a running board), so a
/// reader can follow it and nothing is lost when the process is stopped.
final class AppendingFile: Sendable {
    private let fd: Int32

    init(path: String) throws(AssemblyError) {
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw AssemblyError(.io, "\(path): cannot write: \(String(cString: strerror(errno)))")
        }
    }

    deinit { close(fd) }

    func write(_ text: String) {
        FileDescriptorWriter.writeAll(fd, Array(text.utf8))
    }
}
