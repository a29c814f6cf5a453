/// Why a zone could not be loaded. Kept coarse on purpose: callers either
/// fix their configuration (identifier), their install (unknown) or report
/// a damaged tzdata file (malformed); the reason string is for logs.
public enum ZoneInfoError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Empty, absolute, contains "..", uses characters outside `[A-Za-z0-9/_+-]`, or exceeds 255 bytes.
    case invalidIdentifier(String)
    /// No readable zone file for this identifier.
    case unknownZone(String)
    /// The file is not valid TZif (RFC 8536): bad magic, truncated, inconsistent counts, bad footer...
    case malformed(identifier: String, reason: String)

    public var description: String {
        switch self {
        case .invalidIdentifier(let id): return "invalid time zone identifier \(quoted(id))"
        case .unknownZone(let id): return "unknown time zone \(quoted(id))"
        case .malformed(let id, let reason): return "malformed zone file for \(quoted(id)): \(reason)"
        }
    }
}

/// Identifiers may hold control characters; keep log lines on one line.
private func quoted(_ s: String) -> String {
    "\"" + s.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined() + "\""
}
