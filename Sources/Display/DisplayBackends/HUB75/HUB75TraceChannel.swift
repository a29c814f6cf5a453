import SystemFiles

/// A driver that touches no panel: each request becomes a JSON line, in the bus trace's
/// manner (`{"op":"hub75","type":"frame","seq":1,"width":64,"height":32,"data":"ff0000…"}`),
/// answered as a healthy driver would. `run --trace` and `render --trace` use it for HUB75 boards.
public struct HUB75TraceLauncher: HUB75Launcher {
    private let sink: @Sendable (String) -> Void

    /// `sink` receives each line with its trailing newline.
    public init(sink: @escaping @Sendable (String) -> Void) {
        self.sink = sink
    }

    public var name: String { "trace" }

    public func open() throws(HUB75LinkError) -> any HUB75Channel {
        HUB75TraceChannel(sink: sink)
    }
}

final class HUB75TraceChannel: HUB75Channel, Sendable {
    let name = "trace"
    private let sink: @Sendable (String) -> Void

    init(sink: @escaping @Sendable (String) -> Void) {
        self.sink = sink
    }

    func exchange(_ request: HUB75Request, timeout: Duration) throws(HUB75LinkError) -> HUB75Reply {
        switch request {
        case .configure(let text):
            sink(#"{"op":"hub75","type":"configure","text":\#(JSONString.quoted(text))}"# + "\n")
            let values = Dictionary(
                text.split(separator: "\n").compactMap { line -> (String, Int)? in
                    let parts = line.split(separator: "=", maxSplits: 1)
                    return parts.count == 2 ? (String(parts[0]), Int(parts[1]) ?? 0) : nil
                }, uniquingKeysWith: { _, last in last })
            return .ready(width: values["width"] ?? 0, height: values["height"] ?? 0)
        case .frame(let sequence, let width, let height, let rgb):
            sink(
                #"{"op":"hub75","type":"frame","seq":\#(sequence),"width":\#(width),"height":\#(height),"data":"\#(Hex.encode(rgb))"}"#
                    + "\n")
            return .shown(sequence: sequence)
        case .brightness(let percent):
            sink(#"{"op":"hub75","type":"brightness","percent":\#(percent)}"# + "\n")
            return .ok(type: request.type)
        case .blank:
            sink(#"{"op":"hub75","type":"blank"}"# + "\n")
            return .ok(type: request.type)
        }
    }

    func end() -> String? { nil }
}
