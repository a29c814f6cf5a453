import BoardRuntime
import SystemFiles
import DeparturesCore
import ZoneInfo
import Framebuffer

/// `/status.json`: the sign's health for scripts and the page's own updates. The board's
/// state is embedded in the same form as `render --output state.json`.
enum StatusJSON {
    static func document(_ facts: StatusFacts) -> String {
        var members = [
            member("version", string(facts.version)),
            member("status", string(facts.statusName)),
            member("uptime_s", number(facts.uptime)),
            member("memory_rss_bytes", facts.residentBytes.map(String.init) ?? "null"),
        ]
        guard let health = facts.health else {
            return "{" + members.joined(separator: ",") + "}\n"
        }
        let zone = health.state.zone
        func time(_ date: Date?) -> String { date.map { string(TimeText.iso8601($0, in: zone)) } ?? "null" }
        members += [
            member("message", health.state.message.map(string) ?? "null"),
            member("data_age_s", number(facts.dataAge)),
            member(
                "last_fetch",
                "{"
                    + [
                        member("at", time(health.lastAttempt)),
                        member("ok", health.lastAttempt == nil ? "null" : (health.lastError == nil ? "true" : "false")),
                        member("error", health.lastError.map(string) ?? "null"),
                        member("fetches", String(health.fetches)),
                        member("failures", String(health.fetchFailures)),
                    ].joined(separator: ",") + "}"),
            member("realtime", health.source.map(realtime) ?? "null"),
            member(
                "display",
                "{"
                    + [
                        member("backend", string(health.backend)),
                        member("frames", String(health.frameNumber)),
                        member("failures", String(health.displayFailures)),
                        member("last_error", health.lastDisplayError.map(string) ?? "null"),
                        member("screen_off", health.screenOff ? "true" : "false"),
                        member("contrast", health.contrast.map { String($0) } ?? "null"),
                        member("width", health.frame.map { String($0.width) } ?? "null"),
                        member("height", health.frame.map { String($0.height) } ?? "null"),
                    ].joined(separator: ",") + "}"),
            member(
                "light",
                health.light.map { light in
                    "{"
                        + [member("lux", number(light.lux)), member("error", light.error.map(string) ?? "null")]
                        .joined(separator: ",") + "}"
                } ?? "null"),
            member("frame_url", health.frame == nil ? "null" : string("/frame.png?n=\(health.frameNumber)")),
            member("board", BoardStateJSON.encode(health.state).trimmingTrailingNewline),
        ]
        return "{" + members.joined(separator: ",") + "}\n"
    }

    static func realtime(_ source: SourceHealth) -> String {
        "{"
            + [
                member("match_rate", number(source.realtimeMatchRate)),
                member("summary", source.realtimeSummary.map(string) ?? "null"),
                member("error", source.realtimeError.map(string) ?? "null"),
            ].joined(separator: ",") + "}"
    }

    static func member(_ key: String, _ value: String) -> String { string(key) + ":" + value }
    static func string(_ text: String) -> String { JSONString.quoted(text) }

    /// Whole seconds or three decimals; JSON has no NaN, so those become null.
    static func number(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "null" }
        if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
        return String((value * 1000).rounded() / 1000)
    }
}

extension String {
    fileprivate var trimmingTrailingNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
}
