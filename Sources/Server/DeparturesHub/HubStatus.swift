import SystemFiles
import DeparturesCore
import WebMessages
import WebServer

/// The hub's own pages about itself: the index, `/status.json` and the metrics samples.
enum HubStatus {
    /// One line per stop, for a person with curl or a browser.
    static func index(_ feeds: [StopFeed], now: Date) -> String {
        var lines = ["departure-board hub: \(feeds.count) stop\(feeds.count == 1 ? "" : "s")", ""]
        for feed in feeds {
            let status = feed.status
            var line = DeparturesPath.path(stopID: feed.id) + "  \(feed.condition(at: now).rawValue)"
            if let published = status.published {
                line += ", \(published.count) departures, \(Int(now.timeIntervalSince(published.fetchedAt).rounded())) s old"
            }
            lines.append(line)
        }
        lines += ["", "/status.json  per stop: last fetch, age, errors, counts", "/metrics      Prometheus"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Per stop: when it was fetched, how old its data is, its last error and its counters.
    /// Keys always appear, in this order (null when unknown), so scripts can rely on them.
    static func json(_ feeds: [StopFeed], now: Date) -> String {
        let stops = feeds.map { feed -> String in
            let status = feed.status, zone = feed.settings.zone
            func time(_ date: Date?) -> String { date.map { JSONString.quoted(TimeText.iso8601($0, in: zone)) } ?? "null" }
            let age = status.published.map { String(Int(now.timeIntervalSince($0.fetchedAt).rounded())) } ?? "null"
            let members: [(String, String)] = [
                ("id", JSONString.quoted(feed.id)),
                ("source", JSONString.quoted(feed.settings.sourceKind)),
                ("status", JSONString.quoted(feed.condition(at: now).rawValue)),
                ("refresh_interval_s", String(Int(feed.settings.policy.interval.timeInterval))),
                ("last_fetch", time(status.lastAttempt)),
                ("last_success", time(status.published?.fetchedAt)),
                ("age_s", age),
                ("next_fetch", time(status.nextAttempt)),
                ("last_error", status.lastError.map(JSONString.quoted) ?? "null"),
                ("departures", status.published.map { String($0.count) } ?? "null"),
                ("etag", status.published.map { JSONString.quoted($0.etag) } ?? "null"),
                ("requests", String(status.requests)),
                ("upstream_fetches", String(status.upstreamFetches)),
                ("upstream_failures", String(status.upstreamFailures)),
                ("consecutive_failures", String(status.consecutiveFailures)),
            ]
            return "{" + members.map { JSONString.quoted($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
        }
        let serving = feeds.filter { [.ok, .stale].contains($0.condition(at: now)) }.count
        return "{\"stops\":\(feeds.count),\"serving\":\(serving),\"now_unix\":\(Int(now.timeIntervalSince1970)),"
            + "\"feeds\":[" + stops.joined(separator: ",") + "]}\n"
    }

    static func samples(_ feeds: [StopFeed], now: Date) -> [MetricSample] {
        var samples = [MetricSample("departure_hub_up", help: "1 while the hub answers", value: 1)]
        for feed in feeds {
            let status = feed.status, labels = [("stop", feed.id)]
            let serving = [.ok, .stale].contains(feed.condition(at: now))
            samples += [
                MetricSample(
                    "departure_hub_requests_total", .counter, help: "Departures requests answered, per stop",
                    labels: labels, value: Double(status.requests)),
                MetricSample(
                    "departure_hub_upstream_fetches_total", .counter, help: "Fetches from the stop's source",
                    labels: labels, value: Double(status.upstreamFetches)),
                MetricSample(
                    "departure_hub_upstream_failures_total", .counter, help: "Fetches from the stop's source that failed",
                    labels: labels, value: Double(status.upstreamFailures)),
                MetricSample(
                    "departure_hub_serving", help: "1 while the stop has departures to serve (fresh or within its stale limit)",
                    labels: labels, value: serving ? 1 : 0),
            ]
            if let published = status.published {
                samples += [
                    MetricSample(
                        "departure_hub_data_age_seconds", help: "Seconds since the stop's source last answered",
                        labels: labels, value: max(0, now.timeIntervalSince(published.fetchedAt))),
                    MetricSample(
                        "departure_hub_departures", help: "Departures in the stop's current answer",
                        labels: labels, value: Double(published.count)),
                ]
            }
        }
        return samples
    }
}
