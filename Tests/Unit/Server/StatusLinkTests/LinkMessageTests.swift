import Glibc
import SeededRandom
import StatusLink
import Locking
import SystemFiles
import Testing
import WebMessages

/// The wire format between a sign and its status server: every message survives the trip,
/// and bytes that are not a message are an error, never a crash.
struct LinkMessageTests {
    static let samples: [LinkMessage] = [
        .configure(StatusServerConfig(host: "0.0.0.0", port: 8080, token: "s3cret")),
        .configure(StatusServerConfig(host: "::1", port: 0, token: nil)),
        .listening(port: 41234),
        .request(
            id: 7,
            WebRequest(
                method: "GET", path: "/status.json", query: ["a": "1"],
                headers: ["accept": "application/json", "if-none-match": "\"frame-3\""])),
        .answer(
            id: 7,
            .response(
                WebResponse(
                    status: 200, headers: [("Content-Type", "image/png"), ("ETag", "\"frame-3\"")],
                    body: [0x89, 0x50, 0x4e, 0x47, 0, 255]))),
        .answer(
            id: UInt32.max,
            .metrics([
                MetricSample("departure_board_status", help: "1 for the current status.", labels: [("status", "ok")], value: 1),
                MetricSample("departure_board_frames_total", .counter, help: "Frames.", value: 12_345),
                MetricSample("departure_board_data_age_seconds", help: "Age «ünïcode».", value: -0.5),
            ])),
    ]

    /// Messages have no Equatable of their own (headers are ordered pairs): compare encodings.
    @Test(arguments: samples.indices)
    func everyMessageRoundTrips(index: Int) throws {
        let message = Self.samples[index]
        let decoded = try LinkMessage(decoding: message.encoded())
        #expect(decoded.encoded() == message.encoded())
    }

    @Test func theTokenAndTheAnswerCarryTheirFieldsExactly() throws {
        guard case .configure(let config) = try LinkMessage(decoding: Self.samples[0].encoded()) else {
            Issue.record("not a configure message")
            return
        }
        #expect(config == StatusServerConfig(host: "0.0.0.0", port: 8080, token: "s3cret"))
        guard case .answer(let id, .metrics(let metrics)) = try LinkMessage(decoding: Self.samples[5].encoded()) else {
            Issue.record("not a metrics answer")
            return
        }
        #expect(id == UInt32.max)
        #expect(metrics.map(\.name) == ["departure_board_status", "departure_board_frames_total", "departure_board_data_age_seconds"])
        #expect(metrics[1].kind == .counter && metrics[1].value == 12_345)
        #expect(metrics[2].help == "Age «ünïcode»." && metrics[2].value == -0.5)
        #expect(metrics[0].labels.map { "\($0.0)=\($0.1)" } == ["status=ok"])
    }

    @Test func malformedMessagesAreErrorsNamingTheProblem() {
        let request = Self.samples[3].encoded()
        let cases: [([UInt8], String)] = [
            ([], "message cut short"),
            ([99], "unknown message kind"),
            (Array(request.dropLast()), "message cut short"),
            (request + [0], "trailing bytes after a message"),
            // A header count of 2^32-1 pairs in a message of a few bytes.
            ([3, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff], "message cut short"),
            // A path that is not UTF-8.
            ([3, 0, 0, 0, 1, 0, 0, 0, 3] + Array("GET".utf8) + [0, 0, 0, 1, 0xff], "a string is not UTF-8"),
        ]
        for (bytes, problem) in cases {
            #expect(throws: LinkError(problem), "\(bytes)") { try LinkMessage(decoding: bytes) }
        }
    }

    /// 20,000 mutations of real messages (bytes flipped, cut, spliced): each decodes or throws.
    @Test func mutatedMessagesNeverCrashTheDecoder() {
        var random = SplitMix64(state: 0x5157_A7E5)
        let seeds = Self.samples.map { $0.encoded() }
        var decoded = 0, refused = 0
        for _ in 0..<20_000 {
            var bytes = seeds[random.next(below: seeds.count)]
            for _ in 0...random.next(below: 4) {
                guard !bytes.isEmpty else { break }
                switch random.next(below: 3) {
                case 0: bytes[random.next(below: bytes.count)] = UInt8(truncatingIfNeeded: random.next())
                case 1: bytes.removeLast(random.next(below: bytes.count))
                default: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: random.next(below: bytes.count))
                }
            }
            if (try? LinkMessage(decoding: bytes)) != nil { decoded += 1 } else { refused += 1 }
        }
        #expect(decoded + refused == 20_000)
        #expect(refused > 1_000)
    }
}

/// Frames over a real socket pair.
struct LinkChannelTests {
    static func pair(maxFrameBytes: Int = 64 << 20) -> (LinkChannel, LinkChannel) {
        var fds: [Int32] = [-1, -1]
        _ = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds)
        return (LinkChannel(fd: fds[0], maxFrameBytes: maxFrameBytes), LinkChannel(fd: fds[1], maxFrameBytes: maxFrameBytes))
    }

    @Test func messagesArriveWholeAndInOrderThenTheEndIsNil() throws {
        let (sign, server) = Self.pair()
        // Larger than a socket buffer: the reader must run while the writer writes. The writer
        // is a thread of its own, not a task: a task could wait behind this blocked reader.
        let png = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let written = Locked<Result<Void, LinkError>?>(nil)
        #expect(
            DetachedThread.start {
                let result = Result { () throws(LinkError) in
                    try sign.send(.listening(port: 1))
                    try sign.send(.answer(id: 2, .response(WebResponse(status: 200, body: png))))
                }
                sign.shutDown()
                written.withLock { $0 = result }
            })
        guard case .listening(let port)? = try server.receive() else { Issue.record("no listening"); return }
        #expect(port == 1)
        guard case .answer(2, .response(let response))? = try server.receive() else { Issue.record("no answer"); return }
        #expect(response.body == png)
        #expect(try server.receive() == nil)
        #expect(throws: Never.self) { try written.withLock { $0 }?.get() }
    }

    @Test func aFrameAboveTheLimitEndsTheLink() throws {
        let (sign, server) = Self.pair(maxFrameBytes: 1024)
        let big = LinkMessage.answer(id: 1, .response(WebResponse(status: 200, body: [UInt8](repeating: 1, count: 2000))))
        #expect(throws: LinkError("a message of \(big.encoded().count) bytes")) { try sign.send(big) }
        // A peer that ignores the limit: the receiver refuses the frame by its length.
        _ = [UInt8]([0, 1, 0, 0, 3]).withUnsafeBytes { write(sign.fd, $0.baseAddress, 5) }
        #expect(throws: LinkError("a frame of 65536 bytes")) { try server.receive() }
    }
}
