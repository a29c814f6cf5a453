/// The response half of a GET on its own, over a socket the caller connected: the fuzz target
/// (Tests/Fuzz/Targets/HTTPResponse) writes its input into one end of a socket pair and reads
/// the other end here, through the reader, framing, decoder and redirect rules every request uses.
package enum ResponseFromSocket {
    package struct Answer: Sendable {
        package var response: HTTPResponse
        /// Where a redirect leads, resolved as the client would follow it (RFC 3986 §5).
        package var redirectURL: String?
    }

    /// The answer to a GET of `url` read from `fd`, a connected socket this takes and closes.
    package static func read(fd: Int32, url: String, maxResponseBytes: Int) -> Result<Answer, HTTPFetchError> {
        let request = HTTPRequest(url: url, limits: FetchLimits(maxResponseBytes: maxResponseBytes))
        var deadlines = Deadlines(request)
        deadlines.phase = .awaitingHead
        do throws(HTTPFetchError) {
            let target = try HTTPURL(url)
            let sink = try BodySink(limit: maxResponseBytes, path: nil)
            let outcome = try Transfer.receive(
                ResponseStream(Connection(fd: fd)), for: request, into: sink,
                forwardedBy: nil, through: nil, &deadlines, CancelSignal())
            let redirect = try outcome.location.map { location throws(HTTPFetchError) in
                try HTTPFetchClient.redirect(from: target, to: location).description
            }
            return .success(Answer(response: outcome.response, redirectURL: redirect))
        } catch {
            return .failure(error)
        }
    }
}
