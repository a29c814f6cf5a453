public import DeparturesCore
public import BoardRuntime
import DisplayBackends
public import SystemFiles
public import WebMessages

/// The sign's status endpoint: `/` a page a phone can read, `/frame.png` the panel's current
/// frame, `/status.json` and `/metrics`. It reads the latest health from a store the draw
/// loop writes, so nothing here can stall or crash the loop. The HTTP server is another
/// process (StatusLink): this answers the requests it forwards, metrics as samples that
/// the server writes in Prometheus' format.
public struct StatusHandler: Sendable {
    public let store: BoardHealthStore
    public let version: String
    private let clock: @Sendable () -> Date
    private let memory: @Sendable () -> Int?

    public init(
        store: BoardHealthStore, version: String,
        clock: @escaping @Sendable () -> Date = { Date() },
        memory: @escaping @Sendable () -> Int? = { ProcessStatus.current()?["VmRSS"].map { $0 * 1024 } }
    ) {
        self.store = store
        self.version = version
        self.clock = clock
        self.memory = memory
    }

    public func answer(_ request: WebRequest) -> WebAnswer {
        switch request.path {
        case "/", "/index.html":
            return .response(
                .bytes(
                    Array(StatusPage.html(facts()).utf8), type: "text/html; charset=utf-8",
                    headers: [
                        ("Cache-Control", "no-store"),
                        (
                            "Content-Security-Policy",
                            "default-src 'none'; img-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; script-src 'unsafe-inline'"
                        ),
                    ]))
        case "/status.json":
            return .response(
                .bytes(
                    Array(StatusJSON.document(facts()).utf8), type: "application/json",
                    headers: [("Cache-Control", "no-store")]))
        case "/metrics":
            return .metrics(SignMetrics.samples(facts()))
        case "/frame.png":
            return .response(frame(store.current))
        default:
            return .response(.jsonError("no page here; try /, /frame.png, /status.json or /metrics", status: 404))
        }
    }

    /// /proc is read only for the pages that show memory, not for every frame or 404.
    private func facts() -> StatusFacts {
        StatusFacts(health: store.current, version: version, now: clock(), residentBytes: memory())
    }

    /// The frame is encoded on request, on the link's thread; its number makes the ETag,
    /// so a page that polls gets 304 until the panel changes.
    private func frame(_ health: BoardHealth?) -> WebResponse {
        guard let health, let frame = health.frame else {
            let why = health?.screenOff == true ? "the screen is off (schedule)" : "no frame has reached the panel yet"
            return .jsonError(why, status: 503)
        }
        do {
            let png = try ImageEncoder.encode(frame, as: .png)
            return .bytes(
                png, type: "image/png",
                headers: [
                    ("Cache-Control", "no-cache"), ("ETag", "\"frame-\(health.frameNumber)-\(health.started.timeIntervalSince1970)\""),
                ])
        } catch {
            return .jsonError("the frame could not be encoded: \(error)", status: 500)
        }
    }
}

/// One request's view of the sign: the latest health plus what is read when it is asked.
struct StatusFacts {
    var health: BoardHealth?
    var version: String
    var now: Date
    var residentBytes: Int?

    /// Ages count to the request, not to the loop's last pass, which may be a minute ago.
    var dataAge: Double? { health?.state.updated.map { max(0, now.timeIntervalSince($0)) } }
    var uptime: Double? { health.map { max(0, now.timeIntervalSince($0.started)) } }
    var statusName: String { health?.state.status.rawValue ?? "starting" }
}
