#if canImport(Glibc)
import Glibc
#endif

/// One GET (or POST), start to end, on the calling (dedicated) thread: resolve, connect (to the server
/// or its proxy), TLS, request, response. Blocking by design; every wait is bounded by the
/// request's deadlines.
enum Transfer {
    /// One hop's answer, and the Location of a redirect (as sent: the client resolves it).
    struct Outcome: Sendable {
        var response: HTTPResponse
        var location: String?
    }

    /// `proxy` carries the request when set: plain http in absolute-form, https through a CONNECT tunnel.
    static func run(
        _ request: HTTPRequest, url: HTTPURL, proxy: ProxyServer?, trustStore: String?, cancel: CancelSignal
    ) -> Result<Outcome, HTTPFetchError> {
        do {
            return .success(try exchange(request, url: url, proxy: proxy, trustStore: trustStore, cancel: cancel))
        } catch {
            return .failure(error)
        }
    }

    private static func exchange(
        _ request: HTTPRequest, url: HTTPURL, proxy: ProxyServer?, trustStore: String?, cancel: CancelSignal
    ) throws(HTTPFetchError) -> Outcome {
        if cancel.isCancelled { throw .cancelled }
        let sink = try BodySink(limit: request.limits.maxResponseBytes, path: request.bodyFile)
        var deadlines = Deadlines(request)

        var stream: ResponseStream
        if let proxy {
            stream = ResponseStream(try ProxyTunnel.connect(to: proxy, &deadlines, cancel))
            if url.isSecure { try ProxyTunnel.open(&stream, to: url, through: proxy, &deadlines, cancel) }
        } else {
            stream = ResponseStream(try open(url.host, port: url.port, &deadlines, cancel))
        }
        if url.isSecure {
            try stream.startTLS(host: url.host, isAddress: url.hostIsAddress, trustStore: trustStore, &deadlines, cancel)
        }
        deadlines.phase = .awaitingHead
        let forwarding = url.isSecure ? nil : proxy
        try stream.send(
            RequestHead.bytes(for: url, headers: request.headers, body: request.postBody, proxy: forwarding),
            &deadlines, cancel)
        return try receive(stream, for: request, into: sink, forwardedBy: forwarding, through: proxy, &deadlines, cancel)
    }

    /// The answer to `request` as it arrives on `stream`: head, redirect, framing, decoding.
    /// `forwarding` is the proxy that forwarded a plain request (only it answers 407); `proxy`
    /// the one the request went through, named in the response.
    static func receive(
        _ stream: consuming ResponseStream, for request: HTTPRequest, into sink: consuming BodySink,
        forwardedBy forwarding: ProxyServer?, through proxy: ProxyServer?, _ deadlines: inout Deadlines, _ cancel: CancelSignal
    ) throws(HTTPFetchError) -> Outcome {
        let head = try stream.readHead(&deadlines, cancel)
        // Only a proxy answers 407: the request never reached the server.
        if let forwarding, head.status == 407 { throw ProxyTunnel.refusal(head, by: forwarding, tunnelTo: nil) }
        deadlines.phase = .receivingBody
        var response = HTTPResponse(
            status: head.status, body: [], contentType: head.values("Content-Type").first,
            headers: head.headers)
        response.proxy = proxy?.description
        if (300..<400).contains(head.status), let location = head.values("Location").first {
            // The client follows it (or refuses it); this hop's body is never needed.
            return Outcome(response: response, location: location)
        }
        let framing = try head.framing()
        if case .length(let length) = framing, length > sink.limit {
            throw .responseTooLarge(limit: request.limits.maxResponseBytes)
        }
        var writer = BodyWriter(decoder: try ContentDecoder(contentEncoding: head.values("Content-Encoding").first), sink: sink)
        try stream.readBody(framing, into: &writer, &deadlines, cancel)
        try writer.decoder.finish()
        response.body = writer.sink.takeBody()
        return Outcome(response: response)
    }

    /// The DNS lookup and the connection, on the request's deadlines.
    static func open(
        _ host: String, port: UInt16, _ deadlines: inout Deadlines, _ cancel: CancelSignal
    ) throws(HTTPFetchError) -> Connection {
        let addresses = try Resolver.resolve(host, port: port, deadlines: deadlines, cancel: cancel).get()
        deadlines.progressed()
        return try Connection.open(addresses, port: port, deadlines: &deadlines, cancel: cancel)
    }

    /// Refuses what would break the request head, once per request (redirects only drop
    /// headers); names the header, never its value (a secret).
    static func validate(_ request: HTTPRequest) throws(HTTPFetchError) {
        // Bytes, not Characters: "\r\n" is a single Character and would slip past a Character test.
        func breaksLine(_ byte: UInt8) -> Bool { byte == 13 || byte == 10 || byte == 0 }
        for header in request.headers
        where header.name.isEmpty || header.name.utf8.contains(where: { breaksLine($0) || $0 == UInt8(ascii: ":") })
            || header.value.utf8.contains(where: breaksLine)
        {
            throw .other("header \"\(header.name)\" is empty or contains a line break or colon")
        }
        if request.url.utf8.contains(0) { throw .invalidURL("URL contains a NUL byte") }
    }
}
