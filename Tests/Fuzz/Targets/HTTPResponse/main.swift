// Fuzz target: whatever a server (or anything posing as one) answers a GET with, read by
// HTTPFetch's real reader from a socket: status line, fields, Content-Length, chunked and
// close-delimited bodies, gzip and deflate, redirects.
import FuzzSupport
import HTTPFetch
#if canImport(Glibc)
import Glibc
#endif

/// What the request asked for: a port, a path and a query, so relative Locations resolve against all three.
let requestURL = "http://departures.example:8080/api/v1/stops/200060/departures?limit=8"
let origin = "http://departures.example:8080"
/// Small, so a compressed body that expands past it is reached quickly.
let bodyCap = 64 * 1024

/// Any bytes must give a response or a connection failure: never trap, hang or exceed the cap.
func fuzzOne(_ bytes: [UInt8]) {
    var pair: [Int32] = [-1, -1]
    let type = Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue)
    precondition(socketpair(AF_UNIX, type, 0, &pair) == 0, "socketpair: \(String(cString: strerror(errno)))")
    // The whole answer is queued, then the server's end closes: every read finds data or the end.
    var offset = 0
    while offset < bytes.count {
        let sent = bytes[offset...].withUnsafeBytes { send(pair[0], $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent > 0 else { break }  // a full socket buffer: the rest is cut off, as by a dropped connection
        offset += sent
    }
    close(pair[0])
    switch ResponseFromSocket.read(fd: pair[1], url: requestURL, maxResponseBytes: bodyCap) {
    case .success(let answer):
        check(answer.response, redirectURL: answer.redirectURL)
    case .failure(.connectionFailed), .failure(.responseTooLarge):
        break
    case .failure(.invalidURL):
        // A Location the client refuses to follow (another scheme, an unusable host).
        break
    case .failure(let error):
        // Everything was there to read: no timeout, and nothing about TLS or the URL applies.
        preconditionFailure("unexpected failure: \(error)")
    }
}

func check(_ response: HTTPResponse, redirectURL: String?) {
    precondition((100...999).contains(response.status))
    precondition(response.body.count <= bodyCap)
    // RFC 9110 §5.5: a field value has no leading or trailing whitespace, folded or not.
    for field in response.headers {
        precondition(field.value.first.map { $0 != " " && $0 != "\t" } ?? true, "\(field.name): \"\(field.value)\"")
        precondition(field.value.last.map { $0 != " " && $0 != "\t" } ?? true, "\(field.name): \"\(field.value)\"")
    }
    let fields = { (name: String) in response.headers.filter { $0.name.lowercased() == name }.map(\.value) }
    if let target = redirectURL {
        precondition((300..<400).contains(response.status) && response.body.isEmpty)
        checkRedirect(target, location: fields("location").first ?? "")
        return
    }
    // A body framed by one plain Content-Length, neither chunked nor encoded, has exactly that length.
    let lengths = fields("content-length")
    if response.status >= 200, response.status != 204, response.status != 304, lengths.count == 1,
        fields("transfer-encoding").isEmpty, fields("content-encoding").isEmpty,
        let length = Int(lengths[0]), lengths[0].utf8.allSatisfy({ $0 >= 48 && $0 <= 57 })
    {
        precondition(response.body.count == length, "Content-Length \(length), body \(response.body.count)")
    }
}

/// RFC 3986 §5.2: a reference without a scheme or authority stays on the request's origin, and
/// its path comes out without "." or ".." segments.
func checkRedirect(_ target: String, location: String) {
    // Bytes, so no Character can hide a colon.
    guard !location.utf8.contains(UInt8(ascii: ":")), !location.hasPrefix("//") else { return }
    precondition(target.hasPrefix(origin + "/"), "\(location) left the origin: \(target)")
    let path = target.dropFirst(origin.count).prefix { $0 != "?" && $0 != "#" }
    precondition(!path.split(separator: "/").contains { $0 == "." || $0 == ".." }, "dot segments in \(target)")
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput") public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzSupport.run(fuzzOne, data, size)
}
#else
let replayed: Never = FuzzSupport.replayMain(fuzzOne)
#endif
