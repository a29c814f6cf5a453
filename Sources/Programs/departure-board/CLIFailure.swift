import ArgumentParser
import BoardAssembly
import SourceAssembly
import SystemFiles
#if canImport(Glibc)
import Glibc
#endif

/// An error the tool reports in one line on stderr and turns into an exit code.
struct CLIFailure: Error, CustomStringConvertible {
    var status: ExitStatus
    var description: String

    init(_ status: ExitStatus, _ description: String) {
        self.status = status
        self.description = description
    }

    /// An assembly failure, with the exit code of its kind.
    init(_ error: AssemblyError) {
        self.init(error.kind.exitStatus, error.message)
    }
}

enum Console {
    /// Each line of a message that lists several problems gets its own prefix.
    static func error(_ message: String) {
        for line in message.split(separator: "\n", omittingEmptySubsequences: false) {
            writeLine("departure-board: error: " + line, to: STDERR_FILENO)
        }
    }

    static func warning(_ message: String) {
        for line in message.split(separator: "\n", omittingEmptySubsequences: false) {
            writeLine("departure-board: warning: " + line, to: STDERR_FILENO)
        }
    }

    static func info(_ message: String) {
        writeLine(message, to: STDOUT_FILENO)
    }

    /// Text exactly as given, on stdout (terminal frames).
    static func raw(_ text: String) {
        writeAll(text, to: STDOUT_FILENO)
    }

    /// One `write` per line on the raw descriptor: no shared `FILE*` buffer to guard, and
    /// lines from concurrent tasks never interleave mid-line.
    private static func writeLine(_ text: String, to descriptor: Int32) {
        writeAll(text + "\n", to: descriptor)
    }

    private static func writeAll(_ text: String, to descriptor: Int32) {
        FileDescriptorWriter.writeAll(descriptor, Array(text.utf8))
    }
}

extension CLIFailure {
    /// Reports the failure and ends the command with its exit code.
    func exit() -> ExitCode {
        Console.error(description)
        return ExitCode(status.rawValue)
    }
}
