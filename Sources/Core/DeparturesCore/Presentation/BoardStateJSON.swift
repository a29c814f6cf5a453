import SystemFiles
import ZoneInfo

/// The board state as the JSON of the design (`render --output state.json`), with keys in
/// the documented order so files diff cleanly and golden tests compare bytes.
public enum BoardStateJSON {
    public static func encode(_ state: BoardState) -> String {
        let zone = state.zone
        var out = "{"
        out += member("board", string(state.boardName)) + ","
        out += member("now", string(TimeText.iso8601(state.now, in: zone))) + ","
        out += member("timezone", string(zone.identifier)) + ","
        out += member("status", string(state.status.rawValue)) + ","
        out += member("message", state.message.map(string) ?? "null") + ","
        out += member("updated", state.updated.map { string(TimeText.iso8601($0, in: zone)) } ?? "null") + ","
        // Only sources with notices (GTFS service alerts) add the key, so other boards' files stay as they were.
        if let notice = state.notice { out += member("notice", string(notice)) + "," }
        // Like the notice, alerts add their key only on boards that have some.
        if !state.alerts.isEmpty {
            out += "\"alerts\":[" + state.alerts.map { alert($0, now: state.now, zone: zone) }.joined(separator: ",") + "],"
        }
        out += "\"rows\":["
        out += state.rows.map(row).joined(separator: ",")
        out += "],\"sources\":["
        out += state.sources.map { source($0, now: state.now) }.joined(separator: ",")
        out += "]}\n"
        return out
    }

    static func source(_ source: SourceStatus, now: Date) -> String {
        "{"
            + [
                member("label", string(source.place.name)),
                member("status", string(source.status.rawValue)),
                member("message", source.message.map(string) ?? "null"),
                member("data_age_s", source.dataAgeSeconds(at: now).map { String($0) } ?? "null"),
            ].joined(separator: ",") + "}"
    }

    static func alert(_ alert: ServiceAlert, now: Date, zone: TimeZoneRules) -> String {
        let until = alert.inForce(at: now).periods.first?.end
        return "{"
            + [
                member("id", string(alert.id)),
                member("header", string(alert.header)),
                member("description", alert.description.map(string) ?? "null"),
                member("effect", string(alert.effect.rawValue)),
                member("severity", string(alert.severity.rawValue)),
                member("routes", "[" + alert.routes.map(string).joined(separator: ",") + "]"),
                member("stops", "[" + alert.stops.map(string).joined(separator: ",") + "]"),
                member("trips", "[" + alert.trips.map(string).joined(separator: ",") + "]"),
                member("active_until", until.map { string(TimeText.iso8601($0, in: zone)) } ?? "null"),
            ].joined(separator: ",") + "}"
    }

    static func row(_ row: DepartureRow) -> String {
        var members = [
            member("trip_id", string(row.tripID)),
            member("route", string(row.route)),
            member("headsign", string(row.headsign)),
            member("minutes", String(row.minutes)),
            member("countdown", string(row.countdown)),
            member("delay", row.delay.map(string) ?? "null"),
            member("time", string(row.time)),
            member("realtime", row.isRealtime ? "true" : "false"),
            member("source", string(row.source)),
            member("walk_s", String(row.walkSeconds)),
            member("leave_in_minutes", String(row.leaveInMinutes)),
        ]
        // Added keys appear only when they say something, so boards without them keep their bytes.
        if let platform = row.platform { members.append(member("platform", string(platform))) }
        if row.isCancelled { members.append(member("cancelled", "true")) }
        if row.isEstimated { members.append(member("estimated", "true")) }
        if row.isDropOffOnly { members.append(member("drop_off_only", "true")) }
        if !row.isReachable { members.append(member("reachable", "false")) }
        if let occupancy = row.occupancy { members.append(member("occupancy", string(occupancy.rawValue))) }
        if let percent = row.occupancyPercent { members.append(member("occupancy_percent", String(percent))) }
        if let carriages = row.carriages {
            members.append(
                member("carriages", "[" + carriages.map { $0.map { string($0.rawValue) } ?? "null" }.joined(separator: ",") + "]"))
        }
        if !row.alertIDs.isEmpty {
            members.append(member("alert_ids", "[" + row.alertIDs.map(string).joined(separator: ",") + "]"))
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    static func member(_ key: String, _ value: String) -> String {
        string(key) + ":" + value
    }

    /// A JSON string literal (`SystemFiles.JSONString` owns the rule).
    public static func string(_ text: String) -> String {
        JSONString.quoted(text)
    }
}
