import Glibc
@testable import HTTPFetch
import LoopbackHTTPServer
import SystemFiles
import Testing
import TestTiming

/// Stalls, DNS and addresses: where a request can hang before or inside the response.
extension LoopbackTests {
    @Suite struct Stalls {
        let clock = ContinuousClock()

        @Test func aHeadThatStopsHalfwayHitsTheRequestTimeout() async throws {
            let reply = Reply.rawThenStall(Array("HTTP/1.1 200 OK\r\nContent-Ty".utf8), stall: .seconds(5))
            let server = try LoopbackHTTPServer { _ in reply }
            let result = await fetch(HTTPRequest(url: server.baseURL + "/", limits: FetchLimits(requestTimeout: .milliseconds(300))))
            server.stop()
            guard case .timedOut(let message) = result.error else {
                Issue.record("expected .timedOut, got \(result)")
                return
            }
            #expect(message.hasPrefix("request timeout: no response for 300 ms"))
            #expect(transferMilliseconds(result.error).map { $0 < 1_000 } == true, "\(message)")
            // The server's clock: this task's own can lag while other suites hold the cooperative pool.
            #expect(
                server.clientHangUpsDuringStalls.first.map { $0 < .seconds(4) } == true,
                "did not hang up before the 5 s stall ended: \(server.clientHangUpsDuringStalls)")
        }

        @Test func aChunkedBodyThatStopsHitsTheRequestTimeout() async throws {
            let wire = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n10\r\nfirst half "
            // Stretched under sanitizers: at 300 ms a TSan build sometimes timed out before the
            // head arrived ("no response"), which is not the stall this test is about.
            let timeout = TestTiming.scaled(.milliseconds(300))
            try await withServer({ _ in .rawThenStall(Array(wire.utf8), stall: .seconds(5) * TestTiming.slowdown) }) { server in
                let result = await fetch(HTTPRequest(url: server.baseURL + "/", limits: FetchLimits(requestTimeout: timeout)))
                guard case .timedOut(let message) = result.error else {
                    Issue.record("expected .timedOut, got \(result)")
                    return
                }
                #expect(message.hasPrefix("request timeout: no data for \(timeout.wholeMilliseconds) ms"), "\(message)")
            }
        }
    }

    @Suite struct Names {
        /// `.invalid` never resolves (RFC 6761): where a DNS server answers, the name is not
        /// found (the board's mistake); where none answers, the machine is offline.
        @Test func anInvalidNameIsNotFoundOrOffline() async {
            let result = await fetch(HTTPRequest(url: "http://departure-board.invalid/", limits: FetchLimits(requestTimeout: .seconds(20))))
            switch result.error {
            case .hostNotFound(let message)?:
                #expect(message.hasPrefix("no such host departure-board.invalid"), "\(message)")
            case .offline(let message)?:
                #expect(message.contains("departure-board.invalid"), "\(message)")
            default:
                Issue.record("expected .hostNotFound or .offline, got \(result)")
            }
        }

        @Test func localhostIsResolvedAndReached() async throws {
            try await withServer({ _ in .text("by name") }) { server in
                let response = await fetch(HTTPRequest(url: "http://localhost:\(server.port)/")).response
                #expect(response?.body == Array("by name".utf8))
                #expect(server.requests.first?.header("Host") == "localhost:\(server.port)")
            }
        }

        @Test func aLookupThatHangsEndsAtTheRequestTimeout() {
            let clock = ContinuousClock()
            let start = clock.now
            let result = Resolver.resolve(
                "slow.example", port: 80,
                deadlines: Deadlines(HTTPRequest(url: "", limits: FetchLimits(requestTimeout: .milliseconds(300)))),
                cancel: CancelSignal(),
                lookup: { _, _ in
                    usleep(3_000_000)
                    return .failure(.offline("too late"))
                })
            guard case .failure(.timedOut(let message)) = result else {
                Issue.record("expected .timedOut, got \(result)")
                return
            }
            #expect(message.hasPrefix("request timeout: no DNS answer for 300 ms"))
            #expect(clock.now - start < TestTiming.scaled(.seconds(2)), "did not wait for the lookup")
        }

        @Test func aCancelEndsAWaitForDNS() {
            let cancel = CancelSignal()
            let started = DetachedThread.start {
                usleep(100_000)
                cancel.cancel()
            }
            #expect(started)
            let result = Resolver.resolve(
                "slow.example", port: 80, deadlines: Deadlines(HTTPRequest(url: "", limits: FetchLimits(requestTimeout: .seconds(20)))),
                cancel: cancel,
                lookup: { _, _ in
                    usleep(3_000_000)
                    return .failure(.offline("too late"))
                })
            #expect(throws: HTTPFetchError.cancelled) { try result.get() }
        }
    }

    @Suite struct Addresses {
        @Test func everyAddressIsTriedInTurn() async throws {
            try await withServer({ _ in .text("ok") }) { server in
                let closed = try LoopbackHTTPServer.closedPort()
                // Same port on another loopback address, where nothing listens: refused, then the next.
                let nobody = try Resolver.systemLookup("127.0.0.2", server.port).get()
                let listening = try Resolver.systemLookup("127.0.0.1", server.port).get()
                var deadlines = Deadlines(HTTPRequest(url: "", limits: FetchLimits(requestTimeout: .seconds(5))))
                _ = try Connection.open(nobody + listening, port: server.port, deadlines: &deadlines, cancel: CancelSignal())

                var again = Deadlines(HTTPRequest(url: "", limits: FetchLimits(requestTimeout: .seconds(5))))
                let onlyClosed = try Resolver.systemLookup("127.0.0.1", closed).get()
                #expect(throws: HTTPFetchError.connectionFailed("127.0.0.1 port \(closed): connection refused")) {
                    _ = try Connection.open(onlyClosed, port: closed, deadlines: &again, cancel: CancelSignal())
                }
            }
        }

        @Test func familiesAlternate() throws {
            let v4 = try Resolver.systemLookup("127.0.0.1", 80).get()
            let v6 = try Resolver.systemLookup("::1", 80).get()
            #expect(v4.map(\.text) == ["127.0.0.1"])
            #expect(v6.map(\.text) == ["::1"])
            #expect(v4[0].family == AF_INET && v6[0].family == AF_INET6)
        }
    }
}
