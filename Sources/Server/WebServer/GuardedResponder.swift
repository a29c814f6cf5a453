import WebMessages
import HTTPTypes
import Hummingbird
import NIOCore

/// Every rule a request meets before and after its handler, whatever it serves: the token,
/// GET/HEAD only, no bodies, conditional GETs (ETag → 304) and safe headers.
struct GuardedResponder<Handler: WebHandler>: HTTPResponder {
    typealias Context = BasicRequestContext
    let handler: Handler
    let settings: ServerSettings

    func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
        let web = Self.webRequest(request)
        let response = await guarded(
            web, declaredBody: request.headers[.contentLength].flatMap { Int($0) },
            chunked: request.headers[.transferEncoding] != nil)
        return Self.hummingbirdResponse(response, head: request.method == .head)
    }

    func guarded(_ request: WebRequest, declaredBody: Int?, chunked: Bool) async -> WebResponse {
        if let token = settings.token, !token.admits(request) {
            var response = WebResponse.jsonError(
                "a token is required (Authorization: Bearer, or Basic with the token as password)", status: 401)
            response.headers.append(("WWW-Authenticate", "Basic realm=\"departure-board\", charset=\"UTF-8\""))
            return Self.finish(response, for: request)
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            var response = WebResponse.jsonError("only GET and HEAD are served", status: 405)
            response.headers.append(("Allow", "GET, HEAD"))
            return Self.finish(response, for: request)
        }
        if chunked || (declaredBody ?? 0) > settings.maxBodyBytes {
            return Self.finish(.jsonError("requests carry no body here", status: 413), for: request)
        }
        // No per-request timer: handlers only read memory (a timer task per request outlived
        // its request and cost ~100 MB under load); slow clients meet the idle timeout.
        let response = await handler.respond(to: request)
        return Self.finish(response, for: request)
    }

    /// Conditional GET and the headers every response carries.
    static func finish(_ response: WebResponse, for request: WebRequest) -> WebResponse {
        var response = response
        if response.status == 200, Preconditions.notModified(request, response) {
            // What a cache needs to refresh its copy (RFC 9110 §15.4.5); no body, no Content-Type.
            let kept = ["etag", "cache-control", "last-modified"]
            response = WebResponse(status: 304, headers: response.headers.filter { kept.contains($0.0.lowercased()) })
        }
        response.headers.append(("X-Content-Type-Options", "nosniff"))
        response.headers.append(("Referrer-Policy", "no-referrer"))
        return response
    }

    static func webRequest(_ request: Request) -> WebRequest {
        var headers: [String: String] = [:]
        for field in request.headers {
            let name = field.name.canonicalName
            headers[name] = headers[name].map { $0 + ", " + field.value } ?? field.value
        }
        var query: [String: String] = [:]
        for (key, value) in request.uri.queryParameters {
            query[String(key)] = String(value)
        }
        return WebRequest(method: request.method.rawValue, path: request.uri.path, query: query, headers: headers)
    }

    static func hummingbirdResponse(_ response: WebResponse, head: Bool) -> Response {
        var fields = HTTPFields()
        for (name, value) in response.headers {
            if let field = HTTPField.Name(name) { fields.append(HTTPField(name: field, value: value)) }
        }
        if head {
            fields[.contentLength] = String(response.body.count)
            return Response(status: .init(code: response.status), headers: fields)
        }
        return Response(
            status: .init(code: response.status), headers: fields,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: response.body)))
    }
}
