/// The response half of a GET on its own, over a socket the caller connected: the fuzz target
/// (Tests/Fuzz/Targets/HTTPResponse) writes its input into one end of a socket pair and reads
/// the other end here, through the reader, framing, decoder and redirect rules every request uses.
package enum ResponseFromSocket {
    /// The answer to a GET of `url` read from `fd`, a connected socket this takes and closes.
    package static func read(fd: Int32, url: String, maxResponseBytes: Int) -> Result<HTTPResponse, HTTPFetchError> {
        let connection = Connection(fd: fd)
        let request = HTTPRequest(url: url, maxResponseBytes: maxResponseBytes)
        var deadlines = Deadlines(request)
        deadlines.phase = .awaitingHead
        do throws(HTTPFetchError) {
            let sink = try BodySink(limit: maxResponseBytes, path: nil)
            return .success(try Transfer.receive(connection, for: request, into: sink, &deadlines, CancelSignal()))
        } catch {
            return .failure(error)
        }
    }
}
