import Glibc
import HTTPFetch
import LoopbackHTTPServer
import Testing
import TestTiming

extension LoopbackTests {
    @Suite struct Failures {
        let clock = ContinuousClock()

        // Both measure the hang-up on the server's clock: this task's own can lag while other
        // suites hold the cooperative pool.
        @Test func slowServerHitsRequestTimeout() async throws {
            let server = try LoopbackHTTPServer { _ in .delayed(.seconds(5), .text("late")) }
            let start = clock.now
            let result = await fetch(HTTPRequest(url: server.baseURL + "/", limits: FetchLimits(requestTimeout: .milliseconds(300))))
            server.stop()
            #expect(result.error?.isTimedOut == true, "\(String(describing: result.error))")
            #expect(clock.now - start >= .milliseconds(250))
            #expect(transferMilliseconds(result.error).map { $0 < 1_000 } == true, "\(String(describing: result.error))")
            #expect(
                server.clientHangUpsDuringStalls.first.map { $0 < .seconds(4) } == true,
                "did not hang up before the 5 s server answered: \(server.clientHangUpsDuringStalls)")
        }

        @Test func stallAfterHeadersHitsRequestTimeout() async throws {
            let server = try LoopbackHTTPServer { _ in .headersThenStall(status: 200, stall: .seconds(5)) }
            let result = await fetch(HTTPRequest(url: server.baseURL + "/", limits: FetchLimits(requestTimeout: .milliseconds(300))))
            server.stop()
            #expect(result.error?.isTimedOut == true)
            #expect(transferMilliseconds(result.error).map { $0 < 1_000 } == true, "\(String(describing: result.error))")
            #expect(
                server.clientHangUpsDuringStalls.first.map { $0 < .seconds(4) } == true,
                "did not hang up before the 5 s stall ended: \(server.clientHangUpsDuringStalls)")
        }

        @Test func tricklingServerHitsResourceTimeout() async throws {
            // Gaps of 50 ms never trip the 1 s idle timeout; the 600 ms total does.
            try await withServer({ _ in .trickle(status: 200, bytes: 200, interval: .milliseconds(50)) }) { server in
                let start = clock.now
                let result = await fetch(
                    HTTPRequest(
                        url: server.baseURL + "/", limits: FetchLimits(requestTimeout: .seconds(1), resourceTimeout: .milliseconds(600))))
                let elapsed = clock.now - start
                guard case .timedOut(let message) = result.error else {
                    Issue.record("expected .timedOut, got \(result)")
                    return
                }
                #expect(message.contains("resource"))
                #expect(elapsed >= .milliseconds(550))
                #expect(transferMilliseconds(result.error).map { $0 < 1_500 } == true, "\(message)")
            }
        }

        @Test func closedPortIsConnectionFailed() async throws {
            let port = try LoopbackHTTPServer.closedPort()
            let result = await fetch(HTTPRequest(url: "http://127.0.0.1:\(port)/"))
            #expect(result.error?.isConnectionFailed == true, "\(String(describing: result.error))")
        }

        @Test func closeWithoutAnswerIsConnectionFailed() async throws {
            try await withServer({ _ in .closeWithoutAnswer }) { server in
                let result = await fetch(HTTPRequest(url: server.baseURL + "/"))
                #expect(result.error?.isConnectionFailed == true, "\(String(describing: result.error))")
            }
        }

        @Test func truncatedBodyIsConnectionFailed() async throws {
            let reply = Reply.truncated(status: 200, declaredLength: 1000, body: Array("short".utf8))
            try await withServer({ _ in reply }) { server in
                let result = await fetch(HTTPRequest(url: server.baseURL + "/"))
                #expect(result.error?.isConnectionFailed == true, "\(String(describing: result.error))")
            }
        }

        @Test func cancellationEndsPromptly() async throws {
            try await withServer({ _ in .delayed(.seconds(10), .text("late")) }) { server in
                let request = HTTPRequest(
                    url: server.baseURL + "/", limits: FetchLimits(requestTimeout: .seconds(20), resourceTimeout: .seconds(20)))
                let task = Task { await fetch(request) }
                // Cancel once the request is really in flight.
                let waitStart = clock.now
                while server.requests.isEmpty && clock.now - waitStart < TestTiming.scaled(.seconds(5)) {
                    try await Task.sleep(for: .milliseconds(10))
                }
                let start = clock.now
                task.cancel()
                let result = await task.value
                #expect(result.error == .cancelled)
                #expect(clock.now - start < TestTiming.scaled(.seconds(8)), "did not wait for the 10 s server")
            }
        }

        @Test func alreadyCancelledTaskFailsFast() async {
            let task = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return await fetch(HTTPRequest(url: "http://127.0.0.1:1/"))
            }
            #expect(await task.value.error == .cancelled)
        }

        @Test func errorDescriptionsNeverContainTheKey() async throws {
            let secret = "SECRET-api-key-7f3a"
            let headers = [HTTPHeader(name: "X-Api-Key", value: secret)]
            let closedPort = try LoopbackHTTPServer.closedPort()
            var errors: [HTTPFetchError] = []
            if let e = await fetch(HTTPRequest(url: "http://127.0.0.1:\(closedPort)/", headers: headers)).error {
                errors.append(e)
            }
            let replies: [Reply] = [
                .closeWithoutAnswer,
                .delayed(.seconds(5), .text("late")),
                .respond(status: 200, body: [UInt8](repeating: 1, count: 200)),
            ]
            for reply in replies {
                try await withServer({ _ in reply }) { server in
                    let request = HTTPRequest(
                        url: server.baseURL + "/", headers: headers,
                        limits: FetchLimits(requestTimeout: .milliseconds(200), maxResponseBytes: 100))
                    if let e = await fetch(request).error { errors.append(e) }
                }
            }
            // Bad header (line break): the error names the header but must not echo the value.
            let bad = [HTTPHeader(name: "X-Api-Key", value: secret + "\r\nX-Evil: 1")]
            let badError = await fetch(HTTPRequest(url: "http://127.0.0.1:\(closedPort)/", headers: bad)).error
            guard case .other(let message) = badError else {
                Issue.record("expected .other for a header with a line break, got \(String(describing: badError))")
                return
            }
            #expect(message.contains("X-Api-Key"))
            errors.append(.other(message))

            #expect(errors.count == 5)
            for error in errors {
                #expect(!error.description.contains(secret))
                #expect(!String(reflecting: error).contains(secret))
            }
        }

        /// Other suites run in the same process and open files and threads of their own, so
        /// the counts may drift by a few; a leak per request would add at least 40.
        @Test func sequentialRequestsLeakNoFileDescriptorsOrThreads() async throws {
            try await withServer({ _ in .text("ok") }) { server in
                let request = HTTPRequest(url: server.baseURL + "/")
                _ = await fetch(request)  // warm-up: one-time library state
                let before = (fds: openFileDescriptorCount(), threads: threadCount())
                for _ in 0..<40 {
                    #expect(await fetch(request).response?.status == 200)
                }
                // The server closes its side, and transfer threads exit, just after replying.
                var after = (fds: openFileDescriptorCount(), threads: threadCount())
                let start = clock.now
                while (after.fds > before.fds || after.threads > before.threads) && clock.now - start < TestTiming.scaled(.seconds(2)) {
                    try await Task.sleep(for: .milliseconds(20))
                    after = (fds: openFileDescriptorCount(), threads: threadCount())
                }
                #expect(after.fds < before.fds + 10, "fds before \(before.fds), after \(after.fds)")
                #expect(after.threads < before.threads + 10, "threads before \(before.threads), after \(after.threads)")
            }
        }
    }
}

/// The "(after N ms)" a timeout message carries, measured on the transfer thread itself.
func transferMilliseconds(_ error: HTTPFetchError?) -> Int? {
    guard let text = error?.description, let range = text.firstRange(of: "after ") else { return nil }
    return Int(text[range.upperBound...].prefix { $0.isNumber })
}
