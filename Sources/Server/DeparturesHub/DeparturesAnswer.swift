public import DeparturesCore
public import WebMessages
import WebServer

extension StopFeed {
    /// The answer to `GET /api/v1/stops/{id}/departures` at `now`; counts the request.
    ///
    /// The last good answer is served while it is younger than the stop's stale limit (a
    /// sign keeps counting down from its instants). Before the first success, and once
    /// the answer is older than that, the client gets 503 with a JSON error and
    /// `Retry-After`: the sign then shows its own stale rows or its error, as it would
    /// with the source itself down.
    public func response(at now: Date) -> WebResponse {
        let status = recordRequest()
        let policy = settings.policy
        guard let answer = status.published, status.condition(at: now, staleLimit: policy.staleLimit) != .unavailable else {
            let why = status.lastError ?? "the first fetch has not finished yet"
            let message =
                status.published == nil
                ? "stop '\(id)' has no departures yet: \(why)"
                : "stop '\(id)' has no departures newer than \(Int(policy.staleLimit.timeInterval)) s: \(why)"
            var response = WebResponse.jsonError(message, status: 503)
            let retry = max(1, Int((status.nextAttempt ?? now).timeIntervalSince(now).rounded(.up)))
            response.headers.append(("Retry-After", String(retry)))
            return response
        }
        return .bytes(
            answer.body, type: "application/json",
            headers: [
                ("ETag", answer.etag),
                ("Cache-Control", cacheControl(age: max(0, now.timeIntervalSince(answer.fetchedAt)))),
                ("Last-Modified", HTTPDate.format(unixSeconds: Int64(answer.modifiedAt.timeIntervalSince1970.rounded(.down)))),
            ])
    }

    /// `public, max-age=N, stale-while-revalidate=M, stale-if-error=K`. A cache may keep
    /// the answer only as long as the hub itself would still serve it.
    func cacheControl(age: Double) -> String {
        let policy = settings.policy
        let remaining = max(0, Int((policy.staleLimit.timeInterval - age).rounded(.down)))
        let maxAge = min(Int(settings.maxAge.timeInterval.rounded(.up)), remaining)
        let revalidate = Int(policy.interval.timeInterval.rounded(.up))
        return "public, max-age=\(maxAge), stale-while-revalidate=\(revalidate), stale-if-error=\(remaining - maxAge)"
    }
}

/// Strong validators from the body's bytes: equal bodies, equal tags, whichever hub made them.
enum EntityTag {
    static func strong(for body: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a, 64 bit
        for byte in body {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return "\"" + String(body.count, radix: 16) + "-" + String(hash, radix: 16) + "\""
    }
}
