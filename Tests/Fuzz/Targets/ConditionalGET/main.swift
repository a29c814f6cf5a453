// Fuzz target: a conditional GET as the hub and the status server judge it: a client's
// If-None-Match and If-Modified-Since against the answer's ETag and Last-Modified, and HTTP's
// three date forms. Input: up to four lines (If-None-Match, If-Modified-Since, ETag,
// Last-Modified); an empty line is a field not sent.
import FuzzSupport
import WebMessages
import WebServer

func fuzzOne(_ bytes: [UInt8]) {
    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", maxSplits: 3, omittingEmptySubsequences: false)
    func field(_ index: Int) -> String? { index < lines.count && !lines[index].isEmpty ? String(lines[index]) : nil }
    let (ifNoneMatch, ifModifiedSince, etag, lastModified) = (field(0), field(1), field(2), field(3))

    // A date that reads writes back as IMF-fixdate, which reads as the same instant.
    for text in [ifModifiedSince, lastModified].compactMap({ $0 }) {
        guard let seconds = HTTPDate.parse(text) else { continue }
        let written = HTTPDate.format(unixSeconds: seconds)
        precondition(HTTPDate.parse(written) == seconds, "\(text) read as \(seconds), written \(written), read back differently")
    }

    var headers: [(String, String)] = []
    if let etag { headers.append(("ETag", etag)) }
    if let lastModified { headers.append(("Last-Modified", lastModified)) }
    let response = WebResponse(status: 200, headers: headers, body: Array("rows".utf8))
    func request(_ fields: [String: String?]) -> WebRequest {
        WebRequest(path: "/api/v1/stops/1/departures", headers: fields.compactMapValues { $0 })
    }
    let both = Preconditions.notModified(request(["if-none-match": ifNoneMatch, "if-modified-since": ifModifiedSince]), response)

    // If-None-Match decides alone when sent (RFC 9110 §13.2.2).
    if ifNoneMatch != nil {
        precondition(
            both == Preconditions.notModified(request(["if-none-match": ifNoneMatch]), response),
            "If-Modified-Since changed a decision If-None-Match made")
    }
    // A client sending back the answer's own tag, or *, holds the answer whenever it has a tag.
    if let etag, etag.contains("\"") {
        let hasTag = etag.split(separator: "\"", omittingEmptySubsequences: false).count > 2
        if hasTag {
            precondition(Preconditions.notModified(request(["if-none-match": etag]), response), "its own ETag \(etag) did not match")
            precondition(Preconditions.notModified(request(["if-none-match": "*"]), response), "* did not match \(etag)")
        }
    }
    // Without a validator on the answer nothing is ever not modified.
    if etag == nil && lastModified == nil { precondition(!both, "304 for an answer without validators") }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput") public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzSupport.run(fuzzOne, data, size)
}
#else
let replayed: Never = FuzzSupport.replayMain(fuzzOne)
#endif
