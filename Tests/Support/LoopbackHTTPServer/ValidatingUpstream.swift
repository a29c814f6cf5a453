import Locking

/// An answer as a server with validators gives it: 200 with a weak ETag and a Last-Modified,
/// or 304 without a body when the request's If-None-Match names the current tag. `change`
/// makes a new answer with a new tag; `status` answers something else meanwhile.
public final class ValidatingUpstream: Sendable {
    public static let lastModified = "Mon, 23 Nov 2026 09:00:00 GMT"

    private let state: Locked<(body: String, version: Int, status: Int?)>
    public let contentType: String

    public init(_ body: String, contentType: String = "application/json") {
        state = Locked((body, 1, nil))
        self.contentType = contentType
    }

    /// The tag the current answer carries: weak, as many servers send after compressing.
    public var etag: String { state.withLock { "W/\"v\($0.version)\"" } }

    public func change(to body: String) {
        state.withLock { $0 = (body, $0.version + 1, $0.status) }
    }

    /// Answers `status` with no validators until set back to nil.
    public func answer(status: Int?) {
        state.withLock { $0.status = status }
    }

    public func reply(_ request: RecordedRequest) -> Reply {
        let (body, version, status) = state.withLock { ($0.body, $0.version, $0.status) }
        if let status { return .text("unavailable", status: status) }
        let tag = "W/\"v\(version)\""
        if request.header("If-None-Match") == tag {
            return .respond(status: 304, headers: [("ETag", tag), ("Last-Modified", Self.lastModified)])
        }
        return .respond(
            status: 200, headers: [("Content-Type", contentType), ("ETag", tag), ("Last-Modified", Self.lastModified)],
            body: Array(body.utf8))
    }
}
