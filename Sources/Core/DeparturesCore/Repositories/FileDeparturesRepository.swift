import SystemFiles

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
            bytes = try BoundedFile.read(path, maxBytes: maxBytes)
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
