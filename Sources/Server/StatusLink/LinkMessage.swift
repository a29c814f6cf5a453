public import WebMessages

/// What the sign tells its status server when it starts it: where to listen and the token
/// to ask for (sent over the link, so the secret is never in an argument or the environment).
public struct StatusServerConfig: Sendable, Equatable {
    public var host: String
    public var port: Int
    public var token: String?

    public init(host: String, port: Int, token: String?) {
        self.host = host
        self.port = port
        self.token = token
    }
}

/// The messages between a sign and its status server process. The server forwards each
/// request it admits; the sign answers from its latest health, so the page is always the
/// sign's own while the HTTP code runs in another process.
public enum LinkMessage: Sendable {
    /// Sign → server, once, first.
    case configure(StatusServerConfig)
    /// Server → sign: the port it listens on (the one asked for, or the one picked for 0).
    case listening(port: Int)
    /// Server → sign: a request to answer; `id` pairs it with its answer.
    case request(id: UInt32, WebRequest)
    /// Sign → server.
    case answer(id: UInt32, WebAnswer)
}

public struct LinkError: Error, CustomStringConvertible, Equatable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// The wire format: a message is one frame (see LinkChannel) holding a kind byte and fields
/// in order: integers big-endian, strings and byte strings as a 32-bit length and the bytes.
extension LinkMessage {
    private enum Kind: UInt8 { case configure = 1, listening, request, response, metrics }

    public func encoded() -> [UInt8] {
        var out = LinkEncoder()
        switch self {
        case .configure(let config):
            out.byte(Kind.configure.rawValue)
            out.string(config.host)
            out.int(config.port)
            out.byte(config.token == nil ? 0 : 1)
            out.string(config.token ?? "")
        case .listening(let port):
            out.byte(Kind.listening.rawValue)
            out.int(port)
        case .request(let id, let request):
            out.byte(Kind.request.rawValue)
            out.uint32(id)
            out.string(request.method)
            out.string(request.path)
            out.pairs(request.query.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
            out.pairs(request.headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        case .answer(let id, .response(let response)):
            out.byte(Kind.response.rawValue)
            out.uint32(id)
            out.int(response.status)
            out.pairs(response.headers)
            out.bytes(response.body)
        case .answer(let id, .metrics(let samples)):
            out.byte(Kind.metrics.rawValue)
            out.uint32(id)
            out.uint32(UInt32(samples.count))
            for sample in samples {
                out.string(sample.name)
                out.string(sample.help)
                out.byte(sample.kind.rawValue)
                out.pairs(sample.labels)
                out.uint64(sample.value.bitPattern)
            }
        }
        return out.bytes
    }

    /// Throws on anything malformed: the other process is not trusted to be well.
    public init(decoding bytes: [UInt8]) throws(LinkError) {
        var input = LinkDecoder(bytes)
        guard let kind = Kind(rawValue: try input.byte()) else { throw LinkError("unknown message kind") }
        switch kind {
        case .configure:
            let host = try input.string(), port = try input.int(), hasToken = try input.byte(), token = try input.string()
            self = .configure(StatusServerConfig(host: host, port: port, token: hasToken == 0 ? nil : token))
        case .listening:
            self = .listening(port: try input.int())
        case .request:
            let id = try input.uint32(), method = try input.string(), path = try input.string()
            let query = try input.pairs(), headers = try input.pairs()
            self = .request(
                id: id,
                WebRequest(
                    method: method, path: path, query: Dictionary(query) { $1 },
                    headers: Dictionary(headers) { $1 }))
        case .response:
            let id = try input.uint32(), status = try input.int(), headers = try input.pairs(), body = try input.bytes()
            self = .answer(id: id, .response(WebResponse(status: status, headers: headers, body: body)))
        case .metrics:
            let id = try input.uint32()
            var samples: [MetricSample] = []
            for _ in 0..<(try input.count()) {
                let name = try input.string(), help = try input.string()
                guard let sampleKind = MetricSample.Kind(rawValue: try input.byte()) else { throw LinkError("unknown metric kind") }
                let labels = try input.pairs(), value = Double(bitPattern: try input.uint64())
                samples.append(MetricSample(name, sampleKind, help: help, labels: labels, value: value))
            }
            self = .answer(id: id, .metrics(samples))
        }
        guard input.atEnd else { throw LinkError("trailing bytes after a message") }
    }
}

struct LinkEncoder {
    var bytes: [UInt8] = []

    mutating func byte(_ value: UInt8) { bytes.append(value) }
    mutating func uint32(_ value: UInt32) { withUnsafeBytes(of: value.bigEndian) { bytes += $0 } }
    mutating func uint64(_ value: UInt64) { withUnsafeBytes(of: value.bigEndian) { bytes += $0 } }
    mutating func int(_ value: Int) { uint64(UInt64(bitPattern: Int64(value))) }
    mutating func bytes(_ value: [UInt8]) {
        uint32(UInt32(value.count))
        bytes += value
    }
    mutating func string(_ value: String) { bytes(Array(value.utf8)) }
    mutating func pairs(_ value: [(String, String)]) {
        uint32(UInt32(value.count))
        for (name, text) in value {
            string(name)
            string(text)
        }
    }
}

struct LinkDecoder {
    private let input: [UInt8]
    private var position = 0

    init(_ input: [UInt8]) { self.input = input }

    var atEnd: Bool { position == input.count }

    private mutating func take(_ count: Int) throws(LinkError) -> ArraySlice<UInt8> {
        guard count >= 0, input.count - position >= count else { throw LinkError("message cut short") }
        defer { position += count }
        return input[position..<position + count]
    }

    mutating func byte() throws(LinkError) -> UInt8 { try take(1).first! }
    mutating func uint32() throws(LinkError) -> UInt32 { try take(4).reduce(0) { $0 << 8 | UInt32($1) } }
    mutating func uint64() throws(LinkError) -> UInt64 { try take(8).reduce(0) { $0 << 8 | UInt64($1) } }
    mutating func int() throws(LinkError) -> Int {
        let value = Int64(bitPattern: try uint64())
        guard let int = Int(exactly: value) else { throw LinkError("integer out of range") }
        return int
    }
    /// A count of items that follow: each takes at least one byte, so a larger count is a lie.
    mutating func count() throws(LinkError) -> Int {
        let count = Int(try uint32())
        guard count <= input.count - position else { throw LinkError("message cut short") }
        return count
    }
    mutating func bytes() throws(LinkError) -> [UInt8] { Array(try take(Int(try uint32()))) }
    mutating func string() throws(LinkError) -> String {
        let raw = try bytes()
        guard let text = String(validating: raw, as: UTF8.self) else { throw LinkError("a string is not UTF-8") }
        return text
    }
    mutating func pairs() throws(LinkError) -> [(String, String)] {
        var result: [(String, String)] = []
        for _ in 0..<(try count()) { result.append((try string(), try string())) }
        return result
    }
}
