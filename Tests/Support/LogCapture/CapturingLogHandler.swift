public import Locking
public import Logging

/// Log lines, shared by every copy of the handler.
public final class LogLines: Sendable {
    public let lines = Locked<[String]>([])

    public init() {}

    /// What was logged so far, each line as `level: message`.
    public var all: [String] { lines.withLock { $0 } }
}

/// Keeps log lines so a test can check what an operator would read.
public struct CapturingLogHandler: LogHandler {
    public let lines: LogLines
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .trace

    public init(lines: LogLines) { self.lines = lines }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        lines.lines.withLock { $0.append("\(event.level): \(event.message)") }
    }
}

extension Logger {
    /// A logger whose lines land in `lines`.
    public static func capturing(into lines: LogLines, label: String = "test") -> Logger {
        Logger(label: label) { _ in CapturingLogHandler(lines: lines) }
    }
}
