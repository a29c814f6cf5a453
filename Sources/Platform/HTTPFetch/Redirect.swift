/// Where a redirect leads: a Location value resolved against the URL that answered (RFC 3986 §5.2).
enum Redirect {
    static func target(_ location: String, from base: String) -> String {
        let reference = location.trimmingSpaces
        if hasScheme(reference) { return reference }
        let baseNoFragment = base.prefix { $0 != "#" }
        guard let schemeEnd = baseNoFragment.firstRange(of: "://") else { return reference }
        let scheme = baseNoFragment[..<schemeEnd.lowerBound]
        if reference.hasPrefix("//") { return scheme + ":" + reference }

        let afterScheme = baseNoFragment[schemeEnd.upperBound...]
        let authorityEnd = afterScheme.firstIndex { $0 == "/" || $0 == "?" } ?? afterScheme.endIndex
        let origin = baseNoFragment[..<authorityEnd]
        let basePathAndQuery = afterScheme[authorityEnd...]
        let basePath = basePathAndQuery.prefix { $0 != "?" }

        if reference.isEmpty || reference.hasPrefix("#") { return String(baseNoFragment) }
        if reference.hasPrefix("?") { return origin + basePath + reference }
        let (path, suffix) = split(reference)
        if path.hasPrefix("/") { return origin + removingDotSegments(path) + suffix }
        // A relative path replaces the last segment of the base path.
        let directory = basePath.isEmpty ? "/" : basePath[...(basePath.lastIndex(of: "/") ?? basePath.startIndex)]
        return origin + removingDotSegments(directory + path) + suffix
    }

    /// RFC 3986 scheme: a letter, then letters, digits, "+", "-" or ".", then ":" before any "/", "?" or "#".
    private static func hasScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":") else { return false }
        let scheme = text[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }

    /// The path, and the query and fragment that follow it.
    private static func split(_ reference: String) -> (Substring, Substring) {
        let end = reference.firstIndex { $0 == "?" || $0 == "#" } ?? reference.endIndex
        return (reference[..<end], reference[end...])
    }

    /// "." and ".." segments resolved; ".." never climbs above the root.
    static func removingDotSegments(_ path: Substring) -> String {
        var output: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            switch segment {
            case ".":
                if isLast { output.append("") }
            case "..":
                if output.count > 1 { output.removeLast() }
                if isLast { output.append("") }
            default:
                output.append(segment)
            }
        }
        let joined = output.joined(separator: "/")
        return joined.hasPrefix("/") ? joined : "/" + joined
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs (optional whitespace in HTTP fields).
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
