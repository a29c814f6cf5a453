import DeparturesCore
import HTTPFetch
import SystemFiles

/// What the board knows of the agency's published zip: its URL, the HTTP validators of the
/// copy imported last, and when it was last checked. Kept in `<store>.source` beside the
/// store, so a restart neither downloads the zip again nor loses the daily cadence.
struct PublishedFeed: Equatable {
    var url: String
    var validators = HTTPValidators()
    var checkedAt: Date?
    /// When there is no store because this copy lacked one of the board's stops: that stop,
    /// and the board's stops it was asked for, so an unchanged copy (304) is not fetched again.
    var refusal: Refusal?

    struct Refusal: Equatable {
        var missingStop: String
        var askedFor: Set<String>
    }

    static func path(for settings: ScheduleUpdater.Settings) -> String {
        settings.storePath + ".source"
    }

    /// The saved state; an empty one (check now) when missing, unreadable or for another URL.
    /// A check time later than `wallClock` (a minute's leeway) was written under a simulated
    /// clock: it counts as never checked.
    static func load(for settings: ScheduleUpdater.Settings, wallClock: Date) -> PublishedFeed {
        let empty = PublishedFeed(url: settings.url)
        guard let bytes = try? BoundedFile.read(path(for: settings), maxBytes: 16 * 1024) else { return empty }
        var feed = PublishedFeed(url: "")
        var missingStop: String?, askedFor: Set<String> = []
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            guard let space = line.firstIndex(of: " ") else { continue }
            let value = String(line[line.index(after: space)...])
            switch line[..<space] {
            case "url": feed.url = value
            case "etag": feed.validators.etag = value
            case "last-modified": feed.validators.lastModified = value
            case "checked": feed.checkedAt = Double(value).map { Date(timeIntervalSince1970: $0) }
            case "lacks-stop": missingStop = value
            // Stop ids hold no control characters (the board's rule), so a tab parts them.
            case "asked-for": askedFor = Set(value.split(separator: "\t", omittingEmptySubsequences: false).map(String.init))
            default: break
            }
        }
        feed.refusal = missingStop.map { Refusal(missingStop: $0, askedFor: askedFor) }
        if let checked = feed.checkedAt, checked > wallClock.addingTimeInterval(60) { feed.checkedAt = nil }
        return feed.url == settings.url ? feed : empty
    }

    /// When the next conditional GET is due: at once if never checked.
    func nextCheck(refresh: Duration) -> Date {
        guard let checkedAt else { return .distantPast }
        return checkedAt.addingTimeInterval(refresh.timeInterval)
    }

    /// Written whole or not at all; a failure only costs an extra download later.
    func save(for settings: ScheduleUpdater.Settings) {
        var lines = ["url " + url]
        if let etag = validators.etag { lines.append("etag " + etag) }
        if let lastModified = validators.lastModified { lines.append("last-modified " + lastModified) }
        if let checkedAt { lines.append("checked \(checkedAt.timeIntervalSince1970)") }
        if let refusal {
            lines.append("lacks-stop " + refusal.missingStop)
            lines.append("asked-for " + refusal.askedFor.sorted().joined(separator: "\t"))
        }
        try? AtomicFile.write(Array((lines.joined(separator: "\n") + "\n").utf8), to: Self.path(for: settings))
    }
}
