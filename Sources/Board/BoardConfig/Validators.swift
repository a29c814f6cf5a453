/// Checks on individual string values. Each returns nil when fine, else the message.
enum Validators {
    static func hasControlOrSpace(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.generalCategory == .control || $0.properties.isWhitespace }
    }

    /// http(s) only, with a host, and without query or fragment: paths are appended to it.
    static func baseURL(_ url: String) -> String? {
        if hasControlOrSpace(url) { return "URL must not contain spaces or control characters; got '\(shown(url))'" }
        let lowered = url.lowercased()
        guard let scheme = ["http://", "https://"].first(where: { lowered.hasPrefix($0) }) else {
            return "expected an http:// or https:// URL; got '\(shown(url))'"
        }
        if url.contains("?") || url.contains("#") {
            return "URL must not have a query string or fragment; got '\(shown(url))'"
        }
        let afterScheme = url.dropFirst(scheme.count)
        let authority = afterScheme.prefix { $0 != "/" }
        if authority.contains("@") { return "URL must not contain a user name or password; got '\(shown(url))'" }
        // Split off a port, leaving IPv6 literals such as [::1] intact.
        var host = Substring(authority)
        if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") {
            host = authority[..<colon]
            let port = authority[authority.index(after: colon)...]
            guard let number = Int(port), (1...65535).contains(number) else {
                return "URL has an invalid port '\(shown(String(port)))'; got '\(shown(url))'"
            }
        }
        if host.isEmpty || host == "[]" { return "URL has no host; got '\(shown(url))'" }
        return nil
    }

    /// A stop id as its agency writes it (`Hillsborough Area Regional Transit_404`): any text
    /// but empty or with control characters, for every kind and the hub. Wherever it goes
    /// into a URL, `DeparturesPath.encode` percent-encodes it.
    static func stopID(_ id: String) -> String? {
        if id.isEmpty { return "must not be empty" }
        if id.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "must not contain control characters such as tabs or line breaks; got '\(shown(id))'"
        }
        return nil
    }

    static func environmentName(_ name: String) -> String? {
        let valid =
            name.first.map { $0.isASCII && ($0.isLetter || $0 == "_") } == true
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        return valid
            ? nil : "expected an environment variable name (letters, digits and _, not starting with a digit); got '\(shown(name))'"
    }

    /// RFC 9110 token characters.
    static func headerName(_ name: String) -> String? {
        let extra = "!#$%&'*+-.^_`|~"
        let valid = !name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || extra.contains($0)) }
        return valid ? nil : "expected an HTTP header name (letters, digits and !#$%&'*+-.^_`|~); got '\(shown(name))'"
    }

    /// Names appear in a header line: one line of printable text.
    static func displayName(_ name: String) -> String? {
        if name.isBlank { return "must not be empty" }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "must not contain control characters such as tabs or line breaks"
        }
        if name.count > 200 { return "must be at most 200 characters; got \(name.count)" }
        return nil
    }

    /// A BCP 47 tag as feeds write them (`fr`, `de-CH`, `zh-Hant`): a 2–3 letter language,
    /// then subtags of 1–8 letters or digits.
    static func languageTag(_ tag: String) -> String? {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        let alphanumeric = { (part: Substring) in
            part.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
        }
        guard let first = parts.first, (2...3).contains(first.count),
            first.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("A"..."Z").contains($0) }),
            parts.dropFirst().allSatisfy({ (1...8).contains($0.count) && alphanumeric($0) })
        else { return "'\(tag.prefix(40))' is not a BCP 47 language tag such as en, fr or de-CH" }
        return nil
    }

    static func filePath(_ path: String) -> String? {
        if path.isEmpty { return "must not be empty" }
        if path.unicodeScalars.contains(where: { $0 == "\0" }) { return "must not contain NUL characters" }
        return nil
    }
}

extension String {
    var isBlank: Bool { unicodeScalars.allSatisfy { $0.properties.isWhitespace } }
}
