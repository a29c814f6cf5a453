public import DeparturesCore
public import HTTPFetch

// How every departures source over HTTP sends its request: conditional when an
// `AnswerMemory` holds the last answer, and a transfer's failure in the board's two messages.

extension HTTPFetching {
    /// The answer to `request`; an unreachable network is "offline", any other failure "failed".
    ///
    /// With `memory`, a GET goes out with the validators of the last 2xx answer `source` gave
    /// (`If-None-Match`, `If-Modified-Since`), and a `304 Not Modified` returns that answer
    /// again: the caller reads it as it read it the first time, a fresh success. `source` is
    /// the URL without secrets, as errors name it.
    public func departuresResponse(
        _ request: HTTPRequest, memory: AnswerMemory? = nil,
        source: String = ""
    ) async throws(DeparturesError) -> HTTPResponse {
        guard let memory, request.postBody == nil, request.bodyFile == nil else { return try await plainResponse(request) }
        let kept = memory.validators(for: source)
        var conditional = request
        conditional.headers += kept?.conditionalHeaders ?? []
        let response = try await plainResponse(conditional)
        guard response.status == 304 else {
            memory.remember(response, for: source)
            return response
        }
        if let again = memory.revalidated(source, by: response) { return again }
        // A 304 with nothing kept to stand for it (forgotten, or a server that answers 304
        // unasked): ask once for the whole answer. A second 304 fails as any status would,
        // and the board keeps its rows.
        let whole = try await plainResponse(request)
        memory.remember(whole, for: source)
        return whole
    }

    private func plainResponse(_ request: HTTPRequest) async throws(DeparturesError) -> HTTPResponse {
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
