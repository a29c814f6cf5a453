public import DeparturesCore
public import WebMessages
public import WebServer

/// The hub's pages: the departures API per stop, `/status.json`, `/metrics` and an index.
/// Every answer is read from the feeds' latest results; nothing here waits on a source.
public struct HubHandler: WebHandler {
    public let feeds: [StopFeed]
    private let byID: [String: StopFeed]
    private let clock: any BoardClock
    private let metrics: MetricsExporter

    /// `feeds` in the order the index and status list them; ids are unique (the hub file checks).
    public init(feeds: [StopFeed], clock: any BoardClock, metrics: MetricsExporter = MetricsExporter()) {
        self.feeds = feeds
        self.byID = Dictionary(feeds.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.clock = clock
        self.metrics = metrics
    }

    public func respond(to request: WebRequest) async -> WebResponse {
        let now = clock.now
        switch request.path {
        case "/": return .text(HubStatus.index(feeds, now: now))
        case "/status.json":
            return .bytes(
                Array(HubStatus.json(feeds, now: now).utf8), type: "application/json",
                headers: [("Cache-Control", "no-store")])
        case "/metrics": return metrics.response(HubStatus.samples(feeds, now: now))
        default: break
        }
        guard let segment = DeparturesPath.segment(in: request.path) else {
            return .jsonError("no such page; this hub serves /api/v1/stops/{stopId}/departures, /status.json and /metrics", status: 404)
        }
        guard let id = DeparturesPath.decode(segment), let feed = byID[id] else {
            let shown = DeparturesPath.decode(segment) ?? String(segment)
            return .jsonError("unknown stop '\(Self.clipped(shown))'; this hub serves \(servedList)", status: 404)
        }
        return feed.response(at: now)
    }

    /// The stop ids, cut short for hubs with many stops.
    private var servedList: String {
        let shown = feeds.prefix(20).map(\.id).joined(separator: ", ")
        return feeds.count > 20 ? shown + " and \(feeds.count - 20) more (see /status.json)" : shown
    }

    /// A client's text echoed back: short, without control characters.
    static func clipped(_ text: String) -> String {
        let cleaned = String(text.unicodeScalars.filter { $0.properties.generalCategory != .control }.map(Character.init))
        return cleaned.count > 60 ? String(cleaned.prefix(60)) + "…" : cleaned
    }
}
