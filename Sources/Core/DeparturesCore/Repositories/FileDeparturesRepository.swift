import SystemFiles

/// Departures from a JSON file in the API's response format (`{"data": [...]}`, with
/// `alerts` if any), read anew on every refresh so another program can keep the file current.
/// With no stop to match at, only alerts naming routes or trips (or rows naming their
/// alerts) mark rows.
public struct FileDeparturesRepository: DeparturesRepository {
    public let path: String
    public let maxBytes: Int

    public init(path: String, maxBytes: Int = 16 << 20) {
        self.path = path
        self.maxBytes = maxBytes
    }

    public func departures() async throws(DeparturesError) -> [Departure] {
        try await answer().departures
    }

    public func answer() async throws(DeparturesError) -> SourceAnswer {
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.read(path, maxBytes: maxBytes)
        } catch {
            throw .failed(detail: "\(path): \(error)")
        }
        do {
            let decoded = try DeparturesDecoder.decode(bytes)
            return SourceAnswer(
                departures: AlertRules.marked(decoded.data, with: decoded.alerts, atStops: []),
                alerts: decoded.alerts)
        } catch {
            throw .invalidData(source: path, error)
        }
    }
}
