public import DeparturesCore
public import HTTPFetch

// Where a request goes and what it carries, alike for every kind: the URL, its query, the key.

extension APIKey {
    /// The key added to a request: as the query parameter `queryName` when there is one,
    /// else in its header.
    public func add(to url: inout String, headers: inout [HTTPHeader], queryName: String?) throws(DeparturesError) {
        if let queryName {
            url = SourceURL.appending([(queryName, try value())], to: url)
        } else {
            headers.append(HTTPHeader(name: header, value: try headerValue()))
        }
    }
}

/// Where an answer's content starts: after a UTF-8 byte order mark and blanks. Its first byte
/// tells XML (`<`) from JSON (`{`, `[`) whatever the Content-Type says.
public enum AnswerStart {
    public static func index(in bytes: [UInt8]) -> Int {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        return start
    }

    public static func firstByte(of bytes: [UInt8]) -> UInt8? {
        let start = index(in: bytes)
        return start < bytes.count ? bytes[start] : nil
    }
}

public enum SourceURL {
    /// `base` (trailing slashes dropped) followed by `path`.
    public static func joined(_ base: String, _ path: String) -> String {
        var base = base
        while base.hasSuffix("/") { base.removeLast() }
        return base + path
    }

    /// `url` with `name=value` pairs added to its query, each percent-encoded.
    public static func appending(_ parameters: [(String, String)], to url: String) -> String {
        let query = parameters.map { DeparturesPath.encode($0.0) + "=" + DeparturesPath.encode($0.1) }.joined(separator: "&")
        let separator = !url.contains("?") ? "?" : url.hasSuffix("?") || url.hasSuffix("&") ? "" : "&"
        return url + separator + query
    }
}
