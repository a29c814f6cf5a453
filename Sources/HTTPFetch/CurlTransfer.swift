import CCurl
import Glibc

/// Callback context, reached through CURLOPT_WRITEDATA / HEADERDATA.
/// Only touched on the transfer thread (callbacks run inside curl_multi_perform).
private final class TransferSink {
    let limit: Int
    var body: [UInt8] = []
    /// The file the body streams into, or -1 to keep it in memory.
    var fd: Int32 = -1
    var bytes = 0
    var writeErrno: Int32 = 0
    var tooLarge = false
    var sawHeaders = false
    /// Header fields of the latest response head (a 1xx head is replaced by the final one).
    var headers: [HTTPHeader] = []
    var headerBytes = 0
    var lastActivity: ContinuousClock.Instant

    init(limit: Int, now: ContinuousClock.Instant) {
        self.limit = limit
        self.lastActivity = now
    }
}

private func sinkBody(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?
) -> Int {
    guard let context else { return 0 }
    let sink = Unmanaged<TransferSink>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    sink.lastActivity = .now
    // Abort as soon as the cap is crossed: returning a short count fails the transfer.
    if length > sink.limit - sink.bytes {
        sink.tooLarge = true
        return length == 0 ? 1 : 0
    }
    sink.bytes += length
    guard let data, length > 0 else { return length }
    guard sink.fd >= 0 else {
        sink.body.append(contentsOf: UnsafeRawBufferPointer(start: data, count: length))
        return length
    }
    var offset = 0
    while offset < length {
        let written = write(sink.fd, data + offset, length - offset)
        if written < 0 {
            if errno == EINTR { continue }
            sink.writeErrno = errno
            return 0
        }
        offset += written
    }
    return length
}

private func sinkHeader(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?
) -> Int {
    let length = size * count
    if let context {
        let sink = Unmanaged<TransferSink>.fromOpaque(context).takeUnretainedValue()
        sink.lastActivity = .now
        sink.sawHeaders = true
        if let data, length > 0 {
            sink.take(headerLine: UnsafeRawBufferPointer(start: data, count: length))
        }
    }
    return length
}

extension TransferSink {
    /// Headers kept per response; lines past this are dropped, never an error.
    static let maxHeaderBytes = 64 * 1024

    /// curl hands over one complete header line per call, status line and blank line included.
    func take(headerLine raw: UnsafeRawBufferPointer) {
        var bytes = Array(raw)
        while let last = bytes.last, last == 10 || last == 13 { bytes.removeLast() }
        if bytes.starts(with: Array("HTTP/".utf8)) {
            // A new response head (after 100 Continue, say): forget the previous one.
            headers = []
            headerBytes = 0
            return
        }
        guard !bytes.isEmpty else { return }
        headerBytes += bytes.count
        guard headerBytes <= Self.maxHeaderBytes else { return }
        if bytes[0] == 32 || bytes[0] == 9, !headers.isEmpty {
            // Obsolete line folding: a continuation of the previous field's value.
            let more = String(decoding: bytes, as: UTF8.self).trimmingSpaces
            headers[headers.count - 1].value += " " + more
            return
        }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return }
        let name = String(decoding: bytes[..<colon], as: UTF8.self).trimmingSpaces
        let value = String(decoding: bytes[(colon + 1)...], as: UTF8.self).trimmingSpaces
        guard !name.isEmpty else { return }
        headers.append(HTTPHeader(name: name, value: value))
    }
}

extension String {
    /// Without leading and trailing spaces and tabs (optional whitespace in HTTP fields).
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}

/// One blocking transfer; runs on its dedicated thread.
enum CurlTransfer {
    /// Time curl's own timeouts trail ours, so our loop normally reports which one fired.
    private static let backstopMarginMs = 250

    static func run(_ request: HTTPRequest, signal: CancelSignal) -> Result<HTTPResponse, HTTPFetchError> {
        if signal.isCancelled { return .failure(.cancelled) }
        // Bytes, not Characters: "\r\n" is a single Character and would slip past a Character test.
        func breaksLine(_ byte: UInt8) -> Bool { byte == 13 || byte == 10 || byte == 0 }
        for header in request.headers
        where header.name.isEmpty || header.name.utf8.contains(where: { breaksLine($0) || $0 == UInt8(ascii: ":") })
            || header.value.utf8.contains(where: breaksLine) {
            // Name only: the value may be a secret.
            return .failure(.other("header \"\(header.name)\" is empty or contains a line break or colon"))
        }
        if request.url.contains("\0") { return .failure(.invalidURL("URL contains a NUL byte")) }

        guard let easy = curl_easy_init() else { return .failure(.other("curl_easy_init failed")) }
        guard let multi = curl_multi_init() else {
            curl_easy_cleanup(easy)
            return .failure(.other("curl_multi_init failed"))
        }
        var headerList: UnsafeMutablePointer<curl_slist>?
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        let sink = TransferSink(limit: max(0, request.maxResponseBytes), now: .now)
        if let path = request.bodyFile {
            sink.fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard sink.fd >= 0 else {
                return .failure(.other("cannot write \(path): \(String(cString: strerror(errno)))"))
            }
        }
        var added = false
        defer {
            if sink.fd >= 0 { close(sink.fd) }
            // Order per libcurl docs: remove from multi, clean the easy, then the multi.
            signal.detach()
            if added { curl_multi_remove_handle(multi, easy) }
            curl_easy_cleanup(easy)
            curl_multi_cleanup(multi)
            curl_slist_free_all(headerList)
            errorBuffer.deallocate()
        }

        for header in request.headers {
            // "Name;" is curl's spelling for a header with an empty value.
            let line = header.value.isEmpty ? "\(header.name);" : "\(header.name): \(header.value)"
            guard let appended = curl_slist_append(headerList, line) else {
                return .failure(.other("curl_slist_append failed"))
            }
            headerList = appended
        }

        let context = Unmanaged.passUnretained(sink).toOpaque()
        do {
            try configure(easy, request, headerList, errorBuffer, context)
        } catch {
            return .failure(error)
        }

        guard curl_multi_add_handle(multi, easy) == CURLM_OK else {
            return .failure(.other("curl_multi_add_handle failed"))
        }
        added = true
        signal.attach(multi)

        let code: CURLcode
        switch withExtendedLifetime(sink, { drive(multi, request, sink, signal) }) {
        case .success(let result): code = result
        case .failure(let error): return .failure(error)
        }
        if sink.tooLarge { return .failure(.responseTooLarge(limit: request.maxResponseBytes)) }
        if sink.writeErrno != 0, let path = request.bodyFile {
            return .failure(.other("cannot write \(path): \(String(cString: strerror(sink.writeErrno)))"))
        }
        guard code == CURLE_OK else {
            var osErrno = 0
            _ = db_curl_easy_getinfo_long(easy, CURLINFO_OS_ERRNO, &osErrno)
            let detail = redact(String(cString: errorBuffer), request.headers)
            return .failure(CurlHTTPClient.classify(
                curlCode: Int(code.rawValue), osErrno: osErrno,
                responseLimit: request.maxResponseBytes, detail: detail))
        }

        var status = 0
        _ = db_curl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        var contentTypePointer: UnsafeMutablePointer<CChar>?
        _ = db_curl_easy_getinfo_string(easy, CURLINFO_CONTENT_TYPE, &contentTypePointer)
        let contentType = contentTypePointer.map { String(cString: $0) }
        var redirectPointer: UnsafeMutablePointer<CChar>?
        _ = db_curl_easy_getinfo_string(easy, CURLINFO_REDIRECT_URL, &redirectPointer)
        var response = HTTPResponse(status: status, body: sink.body, contentType: contentType, headers: sink.headers)
        response.redirectURL = redirectPointer.map { String(cString: $0) }
        return .success(response)
    }

    /// Runs perform/poll until curl finishes, checking our own deadlines and the cancel flag.
    /// Returns curl's result code for the transfer, or our own error.
    private static func drive(
        _ multi: UnsafeMutableRawPointer, _ request: HTTPRequest, _ sink: TransferSink, _ signal: CancelSignal
    ) -> Result<CURLcode, HTTPFetchError> {
        let clock = ContinuousClock()
        let start = clock.now
        let resourceDeadline = start + request.resourceTimeout
        var running: Int32 = 1
        while true {
            if signal.isCancelled { return .failure(.cancelled) }
            let performed = curl_multi_perform(multi, &running)
            guard performed == CURLM_OK else {
                return .failure(.other("curl_multi_perform failed (\(performed.rawValue))"))
            }
            if running == 0 { break }

            let now = clock.now
            let elapsed = (now - start).clampedMilliseconds
            if now >= resourceDeadline {
                return .failure(.timedOut(
                    "resource timeout of \(request.resourceTimeout.clampedMilliseconds) ms exceeded after \(elapsed) ms"))
            }
            let idleDeadline = sink.lastActivity + request.requestTimeout
            if now >= idleDeadline {
                let phase = sink.sawHeaders ? "no data" : "no response"
                return .failure(.timedOut(
                    "request timeout: \(phase) for \(request.requestTimeout.clampedMilliseconds) ms (after \(elapsed) ms)"))
            }
            // Wake at least every 50 ms, sooner if a deadline is nearer.
            let untilDeadline = (min(resourceDeadline, idleDeadline) - now).clampedMilliseconds + 1
            let waitMs = Int32(min(50, max(1, untilDeadline)))
            guard curl_multi_poll(multi, nil, 0, waitMs, nil) == CURLM_OK else {
                return .failure(.other("curl_multi_poll failed"))
            }
        }

        var result: CURLcode?
        var queued: Int32 = 0
        while let message = curl_multi_info_read(multi, &queued) {
            if db_curl_msg_is_done(message) != 0 { result = db_curl_msg_result(message) }
        }
        guard let result else { return .failure(.other("transfer ended without a result")) }
        return .success(result)
    }

    private static func configure(
        _ easy: UnsafeMutableRawPointer, _ request: HTTPRequest, _ headerList: UnsafeMutablePointer<curl_slist>?,
        _ errorBuffer: UnsafeMutablePointer<CChar>, _ context: UnsafeMutableRawPointer
    ) throws(HTTPFetchError) {
        func check(_ rc: CURLcode, _ what: String) throws(HTTPFetchError) {
            guard rc == CURLE_OK else { throw .other("setting \(what) failed (curl \(rc.rawValue))") }
        }
        let requestMs = max(1, request.requestTimeout.clampedMilliseconds)
        let resourceMs = max(1, request.resourceTimeout.clampedMilliseconds)

        try check(db_curl_easy_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer), "error buffer")
        // curl copies string options, so temporary C strings are fine.
        try check(db_curl_easy_setopt_string(easy, CURLOPT_URL, request.url), "URL")
        // Signals are process-wide; with threads, curl must not use them for DNS timeouts.
        try check(db_curl_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1), "NOSIGNAL")
        try check(db_curl_easy_setopt_long(easy, CURLOPT_HTTPGET, 1), "HTTPGET")
        try check(db_curl_easy_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https"), "protocols")
        try check(db_curl_easy_setopt_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"), "redirect protocols")
        // Redirects are followed by CurlHTTPClient, which decides what headers go where.
        try check(db_curl_easy_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 0), "FOLLOWLOCATION")
        // Verification is always on; there is deliberately no switch.
        try check(db_curl_easy_setopt_long(easy, CURLOPT_SSL_VERIFYPEER, 1), "SSL_VERIFYPEER")
        try check(db_curl_easy_setopt_long(easy, CURLOPT_SSL_VERIFYHOST, 2), "SSL_VERIFYHOST")
        try check(db_curl_easy_setopt_string(easy, CURLOPT_USERAGENT, "departure-board"), "User-Agent")
        // "" = offer every encoding this libcurl can decode; bodies arrive decoded.
        try check(db_curl_easy_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, ""), "Accept-Encoding")
        if let headerList {
            try check(db_curl_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, headerList), "headers")
        }
        // Backstops only: the poll loop enforces both timeouts itself.
        try check(db_curl_easy_setopt_long(easy, CURLOPT_TIMEOUT_MS, resourceMs + backstopMarginMs), "TIMEOUT_MS")
        try check(db_curl_easy_setopt_long(
            easy, CURLOPT_CONNECTTIMEOUT_MS, min(requestMs, resourceMs) + backstopMarginMs), "CONNECTTIMEOUT_MS")
        // Rejects early when Content-Length already exceeds the cap; the write callback covers the rest.
        try check(db_curl_easy_setopt_off_t(
            easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(max(0, request.maxResponseBytes))), "MAXFILESIZE_LARGE")
        try check(db_curl_easy_setopt_write_callback(easy, CURLOPT_WRITEFUNCTION, sinkBody), "write callback")
        try check(db_curl_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, context), "write data")
        try check(db_curl_easy_setopt_write_callback(easy, CURLOPT_HEADERFUNCTION, sinkHeader), "header callback")
        try check(db_curl_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, context), "header data")
    }

    /// Removes header values from text that may echo request details (curl's error buffer).
    static func redact(_ text: String, _ headers: [HTTPHeader]) -> String {
        var text = text
        for header in headers where header.value.count >= 4 {
            text = text.replacing(header.value, with: "<redacted>")
        }
        return text
    }
}
