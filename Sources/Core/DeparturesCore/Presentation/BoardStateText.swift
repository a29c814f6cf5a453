import ZoneInfo

/// The rows as plain text, one line each (`render --output rows.txt`), for scripts and for
/// reading a board over SSH. States without rows print their status or message.
public enum BoardStateText {
    public static func encode(_ state: BoardState) -> String {
        var lines = state.placeholder.map { [$0] } ?? []
        for row in state.rows {
            // A labelled source's place comes first ("Bay A"), a walk's leave-by after the countdown.
            var fields = row.place.label.map { [$0] } ?? []
            fields += [row.route, row.headsign]
            if let platform = row.platform { fields.append("platform " + platform) }
            if let occupancy = row.occupancy { fields.append(occupancy.words) }
            if let part = row.carriages.flatMap(Occupancy.roomiest) { fields.append("most room at the \(part.rawValue)") }
            if let delay = row.delay { fields.append(delay) }
            fields.append(row.countdown)
            if row.walkSeconds > 0 || !row.isReachable { fields.append(row.leave) }
            var time = row.isRealtime ? row.time : row.time + " (scheduled)"
            if row.isEstimated { time += " (estimated)" }
            if row.isDropOffOnly { time += " (arrival, no boarding)" }
            fields.append(time)
            if !row.alertIDs.isEmpty { fields.append("alert") }
            lines.append(fields.joined(separator: "  "))
        }
        // What a sign tells in words; the status page lists the rest.
        lines += state.toldAlerts.map { "Alert: " + $0.header }
        if state.status == .stale, let message = state.message {
            let updated = state.updated.map { " · updated " + TimeText.clock($0, in: state.zone) } ?? ""
            lines.append(message + updated)
        }
        return lines.map { $0 + "\n" }.joined()
    }
}
