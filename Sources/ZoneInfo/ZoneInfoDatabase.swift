import Glibc

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

    /// Rejects anything that could escape `directory` or is not an IANA-style name.
    static func validate(_ identifier: String) throws(ZoneInfoError) {
        let bytes = Array(identifier.utf8)
        guard !bytes.isEmpty, bytes.count <= 255, bytes.first != UInt8(ascii: "/"),
              !identifier.contains("..") else {
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
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .unknownZone(identifier) }
        defer { close(fd) }

        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .unknownZone(identifier)  // e.g. EISDIR for "America"
            }
            if n == 0 { break }
            result.append(contentsOf: chunk[0..<n])
            // Stop early so a huge or endless file cannot exhaust memory.
            if result.count > ZoneInfoDatabase.maximumFileSize {
                throw .malformed(identifier: identifier, reason: "file larger than \(ZoneInfoDatabase.maximumFileSize) bytes")
            }
        }
        return result
    }
}
