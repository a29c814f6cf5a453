#if canImport(Glibc)
import Glibc
#endif

/// Departures from a JSON file in the API's response format (`{"data": [...]}`), read anew
/// on every refresh so another program can keep the file current.
public struct FileDeparturesRepository: DeparturesRepository {
    public let path: String
    public let maxBytes: Int

    public init(path: String, maxBytes: Int = 16 << 20) {
        self.path = path
        self.maxBytes = maxBytes
    }

    public func departures() async throws(DeparturesError) -> [Departure] {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path, maxBytes: maxBytes)
        } catch {
            throw .failed(detail: "\(path): \(error)")
        }
        do {
            return try DeparturesDecoder.decode(bytes).data
        } catch {
            throw .invalidData(source: path, error)
        }
    }
}

/// Small, bounded file reads without Foundation.
public enum FileBytes {
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public var description: String
    }

    public static func read(_ path: String, maxBytes: Int) throws(Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(description: systemMessage(errno)) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(description: systemMessage(errno))
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > maxBytes {
                throw Failure(description: "larger than \(maxBytes) bytes")
            }
        }
    }

    public static func systemMessage(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
