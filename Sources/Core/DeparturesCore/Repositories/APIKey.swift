#if canImport(Glibc)
import Glibc
#endif
import SystemFiles

/// Where a board's API key lives. The key itself never sits in a board file, and it is read
/// at each use, so rotating the file or the service's environment needs no config change.
public struct APIKey: Sendable {
    public enum Source: Sendable, Equatable {
        case environment(String)
        case file(String)
    }

    public var header: String
    public var source: Source
    /// Sent before the key in its header (`apikey ` for `Authorization: apikey <key>`).
    public var valuePrefix: String
    private let environment: @Sendable (String) -> String?

    /// `environment` is injected so tests need not touch the process environment.
    public init(
        header: String, source: Source, valuePrefix: String = "",
        environment: @escaping @Sendable (String) -> String? = APIKey.processEnvironment
    ) {
        self.header = header
        self.source = source
        self.valuePrefix = valuePrefix
        self.environment = environment
    }

    /// What the header carries: the prefix, then the key.
    public func headerValue() throws(DeparturesError) -> String {
        valuePrefix + (try value())
    }

    public static let processEnvironment: @Sendable (String) -> String? = { name in
        getenv(name).map { String(cString: $0) }
    }

    /// The key, trimmed of surrounding whitespace (files usually end in a newline).
    /// Errors name the variable or file, never the key.
    public func value() throws(DeparturesError) -> String {
        let raw: String
        switch source {
        case .environment(let name):
            guard let value = environment(name) else {
                throw .failed(detail: "API key: environment variable \(name) is not set")
            }
            raw = value
        case .file(let path):
            do {
                raw = String(decoding: try BoundedFile.read(path, maxBytes: 64 * 1024), as: UTF8.self)
            } catch {
                throw .failed(detail: "API key file \(path): \(error)")
            }
        }
        let key = raw.trimmingWhitespace
        guard !key.isEmpty else {
            switch source {
            case .environment(let name): throw .failed(detail: "API key: environment variable \(name) is empty")
            case .file(let path): throw .failed(detail: "API key file \(path) is empty")
            }
        }
        guard !key.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else {
            throw .failed(detail: "API key contains control characters")
        }
        return key
    }
}
