import CKernel
#if canImport(Glibc)
import Glibc
#endif

/// A terminal's size in character cells, as the kernel knows it (over SSH too: sshd keeps
/// the pseudo-terminal's size with the client's window).
public struct TerminalSize: Sendable, Equatable {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// The size of the terminal on `fd`; nil when it is not a terminal (a pipe, a file),
    /// where a picture keeps its own size.
    public static func of(fileDescriptor fd: Int32) -> TerminalSize? {
        guard isatty(fd) == 1 else { return nil }
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }

    /// The largest picture in pixels for `rows` text rows: half blocks hold two pixel rows.
    func pixels(rows: Int) -> (width: Int, height: Int) {
        (columns, max(1, rows) * 2)
    }
}
