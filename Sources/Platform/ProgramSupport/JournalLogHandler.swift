public import Logging
import SystemFiles
#if canImport(Glibc)
import Glibc
#endif

/// One line per event on stderr, without a timestamp (journald adds its own):
/// `warning: display: /dev/spidev0.0: write failed: … board=Central`.
/// Nothing secret is ever logged: messages come from errors that never carry API keys.
public struct JournalLogHandler: LogHandler {
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]
    /// `label` is swift-log's logger name; lines name their subsystem in the message instead.
    public init(label: String, level: Logger.Level) {
        self.logLevel = level
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var line = "\(event.level): \(event.message)"
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        for key in merged.keys.sorted() {
            line += " \(key)=\(merged[key].map { "\($0)" } ?? "")"
        }
        FileDescriptorWriter.writeAll(STDERR_FILENO, Array((line + "\n").utf8))
    }
}
