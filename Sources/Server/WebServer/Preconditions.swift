public import WebMessages

/// Conditional GET on the server's side (RFC 9110 §13): when a client already holds the
/// answer, it gets `304 Not Modified` and no body. Public for its fuzz target: what a client
/// sends in these fields is outside bytes.
public enum Preconditions {
    /// True when `request` holds what `response` (a 200) would send. If-None-Match decides
    /// when present; If-Modified-Since counts only without it (§13.2.2).
    public static func notModified(_ request: WebRequest, _ response: WebResponse) -> Bool {
        if let wanted = request.header("if-none-match") {
            guard let tag = response.header("ETag") else { return false }
            return matches(wanted, tag)
        }
        guard let since = request.header("if-modified-since").flatMap(HTTPDate.parse),
            let modified = response.header("Last-Modified").flatMap(HTTPDate.parse)
        else { return false }
        return modified <= since
    }

    /// `If-None-Match: "a", W/"b"` or `*`, compared weakly: `W/` is not part of the tag (§13.1.2).
    static func matches(_ header: String, _ tag: String) -> Bool {
        guard let own = opaqueTags(in: tag).first else { return false }
        if header.trimmingSpaces == "*" { return true }
        return opaqueTags(in: header).contains(own)
    }

    /// The quoted part of each entity-tag in a list (RFC 9110 §8.8.3). A tag may hold a comma,
    /// so the list is read quote by quote, not split on commas; what is not a tag is skipped.
    static func opaqueTags(in list: String) -> [Substring] {
        var tags: [Substring] = []
        var rest = Substring(list)
        while let open = rest.firstIndex(of: "\"") {
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "\"") else { break }
            tags.append(rest[open...close])
            rest = rest[rest.index(after: close)...]
        }
        return tags
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs (HTTP's optional whitespace).
    var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return Substring(self[first...last])
    }
}
