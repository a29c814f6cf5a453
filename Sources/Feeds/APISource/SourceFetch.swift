public import DeparturesCore
public import HTTPFetch

// What every departures source over HTTP does alike (`api`, `onebusaway`, `siri`): build
// its URL, send the request, and say a failure in the board's two messages.

extension HTTPFetching {
    /// The answer to `request`; an unreachable network is "offline", any other failure "failed".
    public func departuresResponse(_ request: HTTPRequest) async throws(DeparturesError) -> HTTPResponse {
        do {
            return try await get(request)
        } catch {
            switch error {
            case .offline(let detail): throw .offline(detail: detail)
            default: throw .failed(detail: error.description)
            }
        }
    }
}

extension HTTPResponse {
    /// A status other than 2xx, as every source says it; `source` is its URL without a key.
    public func statusFailure(from source: String) -> DeparturesError {
        .failed(detail: "HTTP \(status) from \(source)\(throughProxy)")
    }

    public var isSuccess: Bool { (200..<300).contains(status) }
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
