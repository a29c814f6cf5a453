import CCurl
import Glibc

extension CurlHTTPClient {
    /// Maps a finished transfer's `CURLcode` (+ `CURLINFO_OS_ERRNO`) to an error.
    ///
    /// Pure, so the offline/unreachable mapping can be tested without any network.
    /// - Parameters:
    ///   - curlCode: the transfer's `CURLcode` as an integer.
    ///   - osErrno: `CURLINFO_OS_ERRNO` (0 when unknown).
    ///   - responseLimit: the request's `maxResponseBytes`, for `.responseTooLarge`.
    ///   - detail: extra text (curl's error buffer), already free of header values.
    public static func classify(
        curlCode: Int, osErrno: Int, responseLimit: Int = 0, detail: String = ""
    ) -> HTTPFetchError {
        let message = describe(curlCode: curlCode, osErrno: osErrno, detail: detail)
        func code(_ c: CURLcode) -> Int { Int(c.rawValue) }

        switch curlCode {
        case code(CURLE_COULDNT_RESOLVE_HOST), code(CURLE_COULDNT_RESOLVE_PROXY):
            return .offline(message)
        case code(CURLE_COULDNT_CONNECT):
            // curl reports refused and unreachable alike; errno tells them apart.
            switch Int32(truncatingIfNeeded: osErrno) {
            case ENETUNREACH, EHOSTUNREACH, ENETDOWN, EHOSTDOWN:
                return .offline(message)
            default:
                return .connectionFailed(message)
            }
        case code(CURLE_OPERATION_TIMEDOUT):
            return .timedOut(message)
        case code(CURLE_GOT_NOTHING), code(CURLE_PARTIAL_FILE), code(CURLE_RECV_ERROR),
            code(CURLE_SEND_ERROR), code(CURLE_WEIRD_SERVER_REPLY), code(CURLE_HTTP2),
            code(CURLE_HTTP2_STREAM), code(CURLE_BAD_CONTENT_ENCODING):
            return .connectionFailed(message)
        case code(CURLE_SSL_CONNECT_ERROR), code(CURLE_PEER_FAILED_VERIFICATION),
            code(CURLE_SSL_CERTPROBLEM), code(CURLE_SSL_CIPHER), code(CURLE_SSL_CACERT_BADFILE),
            code(CURLE_SSL_ISSUER_ERROR), code(CURLE_SSL_PINNEDPUBKEYNOTMATCH),
            code(CURLE_SSL_INVALIDCERTSTATUS), code(CURLE_SSL_SHUTDOWN_FAILED),
            code(CURLE_SSL_CRL_BADFILE), code(CURLE_SSL_ENGINE_NOTFOUND),
            code(CURLE_SSL_ENGINE_SETFAILED), code(CURLE_SSL_ENGINE_INITFAILED),
            code(CURLE_USE_SSL_FAILED):
            return .tls(message)
        case code(CURLE_URL_MALFORMAT), code(CURLE_UNSUPPORTED_PROTOCOL):
            return .invalidURL(message)
        case code(CURLE_FILESIZE_EXCEEDED):
            return .responseTooLarge(limit: responseLimit)
        case code(CURLE_ABORTED_BY_CALLBACK):
            return .cancelled
        default:
            return .other(message)
        }
    }

    /// curl's generic text for the code, the errno and the detail line; never the request headers.
    static func describe(curlCode: Int, osErrno: Int, detail: String) -> String {
        var text: String
        if let c = curl_easy_strerror(CURLcode(UInt32(truncatingIfNeeded: curlCode))) {
            text = String(cString: c)
        } else {
            text = "curl error"
        }
        text += " (curl \(curlCode)"
        if osErrno != 0, let e = strerror(Int32(truncatingIfNeeded: osErrno)) {
            text += ", errno \(osErrno) \(String(cString: e))"
        }
        text += ")"
        if !detail.isEmpty { text += ": \(detail)" }
        return text
    }
}
