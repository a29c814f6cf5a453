import CZlibSystem
@testable import HTTPFetch
import LoopbackHTTPServer
import Testing

/// Bodies framed every way HTTP/1.1 allows, and the encodings we offer, against the loopback server.
extension LoopbackTests {
    @Suite struct Framing {
        static let text = Array(String(repeating: "departures from platform 4; ", count: 400).utf8)

        @Test func aBodyDelimitedByCloseIsReadToTheEnd() async throws {
            let reply = Reply.raw(Array("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n".utf8) + Self.text)
            try await withServer({ _ in reply }) { server in
                let response = try #require(await fetch(HTTPRequest(url: server.baseURL + "/")).response)
                #expect(response.body == Self.text)
                #expect(response.contentType == "text/plain")
            }
        }

        @Test func anHTTP10AnswerWorks() async throws {
            try await withServer({ _ in .raw(Array("HTTP/1.0 200 OK\r\n\r\nold".utf8)) }) { server in
                #expect(await fetch(HTTPRequest(url: server.baseURL + "/")).response?.body == Array("old".utf8))
            }
        }

        @Test func chunkExtensionsTrailersAndBareLineFeedsAreUnderstood() async throws {
            let wire =
                "HTTP/1.1 200 OK\nTransfer-Encoding: chunked\n\n5;name=value\r\nhello\r\n1\r\n \r\n5\r\nworld\r\n0\r\nX-Trailer: t\r\n\r\n"
            try await withServer({ _ in .raw(Array(wire.utf8)) }) { server in
                #expect(await fetch(HTTPRequest(url: server.baseURL + "/")).response?.body == Array("hello world".utf8))
            }
        }

        @Test func interimAnswersAreSkipped() async throws {
            let wire =
                "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a.css>\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"
            try await withServer({ _ in .raw(Array(wire.utf8)) }) { server in
                let response = try #require(await fetch(HTTPRequest(url: server.baseURL + "/")).response)
                #expect(response.status == 200 && response.body == Array("ok".utf8))
                #expect(response.header("Link") == nil, "only the final head's fields")
            }
        }

        @Test func foldedFieldsAreJoined() async throws {
            let wire = "HTTP/1.1 200 OK\r\nX-Long: first\r\n  second\r\nContent-Length: 0\r\n\r\n"
            try await withServer({ _ in .raw(Array(wire.utf8)) }) { server in
                #expect(await fetch(HTTPRequest(url: server.baseURL + "/")).response?.header("x-long") == "first second")
            }
        }

        /// Found by fuzz-http-response: a fold onto an empty value left a space at the value's
        /// start (a Location of " ///"), and a fold of only whitespace one at its end.
        @Test func foldsLeaveNoSpaceAtAValuesEnds() async throws {
            let wire = "HTTP/1.1 200 OK\r\nX-Empty:\r\n  later\r\nX-Blank: value\r\n \t \r\nContent-Length: 0\r\n\r\n"
            try await withServer({ _ in .raw(Array(wire.utf8)) }) { server in
                let response = try #require(await fetch(HTTPRequest(url: server.baseURL + "/")).response)
                #expect(response.header("x-empty") == "later")
                #expect(response.header("x-blank") == "value")
            }
        }

        @Test(
            "Malformed answers are connection failures",
            arguments: [
                "SSH-2.0-OpenSSH_9.2\r\n",
                "HTTP/1.1 2000 OK\r\n\r\n",
                "HTTP/1.1 200 OK\r\nContent-Length: 12x\r\n\r\n",
                "HTTP/1.1 200 OK\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd",
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhel",
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n",
                "HTTP/1.1 200 OK\r\nContent-Type: text/pl",
            ])
        func malformed(wire: String) async throws {
            try await withServer({ _ in .raw(Array(wire.utf8)) }) { server in
                let result = await fetch(HTTPRequest(url: server.baseURL + "/"))
                #expect(result.error?.isConnectionFailed == true, "\(result)")
            }
        }

        @Test func theRequestHeadNamesHostEncodingsAndCloses() async throws {
            try await withServer({ _ in .text("ok") }) { server in
                _ = await fetch(HTTPRequest(url: server.baseURL + "/path?q=1#fragment"))
                let request = try #require(server.requests.first)
                #expect(request.path == "/path?q=1")
                #expect(request.header("Host") == "127.0.0.1:\(server.port)")
                #expect(request.header("Accept-Encoding") == "gzip, deflate")
                #expect(request.header("Connection") == "close")
            }
        }
    }

    @Suite struct ContentEncoding {
        static let text = Framing.text

        @Test(
            "gzip, zlib-wrapped and raw deflate are decoded",
            arguments: [
                ("gzip", 31), ("x-gzip", 31), ("deflate", 15), ("deflate", -15),
            ])
        func decoded(encoding: String, windowBits: Int32) async throws {
            let packed = compress(Self.text, windowBits: windowBits)
            #expect(packed.count < Self.text.count / 10)
            try await withServer({ _ in .respond(status: 200, headers: [("Content-Encoding", encoding)], body: packed) }) { server in
                let response = try #require(await fetch(HTTPRequest(url: server.baseURL + "/")).response)
                #expect(response.body == Self.text)
                #expect(response.header("Content-Length") == "\(packed.count)", "headers as received")
            }
        }

        @Test func gzipInSmallChunksIsDecoded() async throws {
            let packed = compress(Self.text, windowBits: 31)
            let reply = Reply.chunked(status: 200, headers: [("Content-Encoding", "gzip")], body: packed, chunkSize: 1)
            try await withServer({ _ in reply }) { server in
                #expect(await fetch(HTTPRequest(url: server.baseURL + "/")).response?.body == Self.text)
            }
        }

        @Test func theCapCountsDecodedBytes() async throws {
            let bomb = compress([UInt8](repeating: 0, count: 4 << 20), windowBits: 31)
            #expect(bomb.count < 16_384)
            try await withServer({ _ in .respond(status: 200, headers: [("Content-Encoding", "gzip")], body: bomb) }) { server in
                let result = await fetch(HTTPRequest(url: server.baseURL + "/", limits: FetchLimits(maxResponseBytes: 1 << 20)))
                #expect(result.error == .responseTooLarge(limit: 1 << 20))
            }
        }

        @Test func corruptOrCutGzipFails() async throws {
            var packed = compress(Self.text, windowBits: 31)
            let cut = Array(packed.prefix(packed.count / 2))
            packed[20] ^= 0xFF
            for body in [packed, cut] {
                try await withServer({ _ in .respond(status: 200, headers: [("Content-Encoding", "gzip")], body: body) }) { server in
                    let result = await fetch(HTTPRequest(url: server.baseURL + "/"))
                    #expect(result.error?.isConnectionFailed == true, "\(result)")
                }
            }
        }

        @Test func anEncodingWeDidNotOfferIsRefused() async throws {
            try await withServer({ _ in .respond(status: 200, headers: [("Content-Encoding", "br")], body: [1, 2, 3]) }) { server in
                let result = await fetch(HTTPRequest(url: server.baseURL + "/"))
                #expect(result.error?.description.contains("br") == true)
            }
        }
    }
}

/// zlib's deflate with `windowBits` as deflateInit2 takes it: 31 gzip, 15 zlib, -15 raw.
func compress(_ bytes: [UInt8], windowBits: Int32) -> [UInt8] {
    // zlib checks that its z_stream has not moved, so it lives on the heap.
    let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    stream.initialize(to: z_stream())
    defer { stream.deallocate() }
    precondition(
        deflateInit2_(
            stream, 9, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY,
            zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK)
    defer { deflateEnd(stream) }
    var input = bytes
    var output = [UInt8](repeating: 0, count: Int(deflateBound(stream, uLong(bytes.count))) + 64)
    let produced = input.withUnsafeMutableBufferPointer { inBuffer in
        output.withUnsafeMutableBufferPointer { outBuffer in
            stream.pointee.next_in = inBuffer.baseAddress
            stream.pointee.avail_in = uInt(inBuffer.count)
            stream.pointee.next_out = outBuffer.baseAddress
            stream.pointee.avail_out = uInt(outBuffer.count)
            precondition(deflate(stream, Z_FINISH) == Z_STREAM_END)
            return outBuffer.count - Int(stream.pointee.avail_out)
        }
    }
    return Array(output.prefix(produced))
}
