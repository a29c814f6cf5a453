/// Reference resolution (RFC 3986 §5.2): where a redirect's Location leads from the URL that answered.
extension HTTPURL {
    /// An absolute URL, a scheme-relative `//host/path`, an absolute path or a relative path
    /// (with "." and ".." segments) against this URL. The fragment is dropped; the result
    /// must still be an http or https URL.
    func resolving(_ location: String) throws(HTTPFetchError) -> HTTPURL {
        let reference = URLReference(location.trimmingSpaces)
        if reference.scheme != nil || reference.hasAuthority {
            // Parsed as a whole URL (a scheme-relative one takes this URL's scheme).
            var url = try HTTPURL(reference.scheme != nil ? reference.text : scheme.rawValue + ":" + reference.text)
            let (path, query) = Self.split(url.target)
            url.target = Self.removingDotSegments(path) + (query.map { "?" + $0 } ?? "")
            return url
        }
        let (basePath, baseQuery) = Self.split(target)
        let path: String
        var query = reference.query
        if reference.path.isEmpty {
            path = String(basePath)
            if query == nil { query = baseQuery }
        } else if reference.path.hasPrefix("/") {
            path = Self.removingDotSegments(reference.path)
        } else {
            // A relative path replaces the last segment of this URL's path.
            let directory = basePath[...(basePath.lastIndex(of: "/") ?? basePath.startIndex)]
            path = Self.removingDotSegments(directory + reference.path)
        }
        var url = self
        url.target = try Self.encodeTarget(Substring(path + (query.map { "?" + $0 } ?? "")))
        return url
    }

    /// The path, and the query without its "?" (nil when there is no "?").
    private static func split(_ target: String) -> (path: Substring, query: Substring?) {
        guard let mark = target.firstIndex(of: "?") else { return (target[...], nil) }
        return (target[..<mark], target[target.index(after: mark)...])
    }

    /// RFC 3986 §5.2.4: "." and ".." segments resolved; ".." never climbs above the root.
    static func removingDotSegments<S: StringProtocol>(_ path: S) -> String {
        var input = Substring(path)
        var output = ""
        func dropLastSegment() {
            output = String(output[..<(output.lastIndex(of: "/") ?? output.startIndex)])
        }
        while !input.isEmpty {
            if input.hasPrefix("../") {
                input = input.dropFirst(3)
            } else if input.hasPrefix("./") {
                input = input.dropFirst(2)
            } else if input.hasPrefix("/./") {
                input = input.dropFirst(2)
            } else if input == "/." {
                input = "/"
            } else if input.hasPrefix("/../") {
                input = input.dropFirst(3)
                dropLastSegment()
            } else if input == "/.." {
                input = "/"
                dropLastSegment()
            } else if input == "." || input == ".." {
                input = ""
            } else {
                // The first segment, with its leading "/", moves to the output.
                let start = input.hasPrefix("/") ? input.index(after: input.startIndex) : input.startIndex
                let end = input[start...].firstIndex(of: "/") ?? input.endIndex
                output += input[..<end]
                input = input[end...]
            }
        }
        return output.hasPrefix("/") ? output : "/" + output
    }
}

/// A URI reference split as RFC 3986 Appendix B does: scheme, authority, path, query; the fragment is ignored.
struct URLReference {
    let text: String
    var scheme: Substring?
    var hasAuthority = false
    var path: Substring = ""
    var query: Substring?

    init(_ text: String) {
        self.text = text
        var rest = text.prefix { $0 != "#" }
        if let colon = rest.firstIndex(of: ":"), Self.isScheme(rest[..<colon]) {
            scheme = rest[..<colon]
            rest = rest[rest.index(after: colon)...]
        }
        if rest.hasPrefix("//") {
            hasAuthority = true
            rest = rest.dropFirst(2)
            rest = rest[(rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex)...]
        }
        let queryMark = rest.firstIndex(of: "?")
        path = rest[..<(queryMark ?? rest.endIndex)]
        query = queryMark.map { rest[rest.index(after: $0)...] }
    }

    /// A letter, then letters, digits, "+", "-" or "."; a ":" after any "/", "?" or "#" starts no scheme.
    private static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.first, first.isASCII, first.isLetter else { return false }
        return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
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
