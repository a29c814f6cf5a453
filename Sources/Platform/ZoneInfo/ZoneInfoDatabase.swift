import SystemFiles

/// Where zone files live.
///
/// Injected rather than global so tests and cross-compiled sysroots can
/// point elsewhere. Only this directory is consulted: the process `TZ`
/// variable and `/etc/localtime` never influence any result.
public struct ZoneInfoDatabase: Sendable, Equatable {
    public var directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// The OS-maintained tzdata, updated by the distribution's `tzdata` package.
    public static let system = ZoneInfoDatabase(directory: "/usr/share/zoneinfo")

    /// Files larger than this are rejected unread; real zones are a few KiB.
    static let maximumFileSize = 1 << 20

    /// True when `identifier` is well formed and names a parseable TZif file.
    public func contains(_ identifier: String) -> Bool {
        (try? TimeZoneRules.load(identifier, from: self)) != nil
    }

    /// Rejects anything that could escape `directory` or is not an IANA-style name: no
    /// leading `/`, and no `.` at all (so no `..`), as the names' letters below allow none.
    static func validate(_ identifier: String) throws(ZoneInfoError) {
        let bytes = Array(identifier.utf8)
        guard !bytes.isEmpty, bytes.count <= 255, bytes.first != UInt8(ascii: "/") else {
            throw .invalidIdentifier(identifier)
        }
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "/"), UInt8(ascii: "_"), UInt8(ascii: "+"), UInt8(ascii: "-"):
                continue
            default:
                throw .invalidIdentifier(identifier)
            }
        }
    }

    /// Reads the zone file for an already-validated identifier.
    func readFile(for identifier: String) throws(ZoneInfoError) -> [UInt8] {
        let path = directory.hasSuffix("/") ? directory + identifier : directory + "/" + identifier
        do {
            return try BoundedFile.read(path, maxBytes: ZoneInfoDatabase.maximumFileSize)
        } catch {
            switch error {
            case .tooLarge(let limit): throw .malformed(identifier: identifier, reason: "file larger than \(limit) bytes")
            case .system: throw .unknownZone(identifier)  // missing, unreadable, or a folder such as "America"
            }
        }
    }
}
