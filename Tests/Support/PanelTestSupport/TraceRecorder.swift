public import DisplayBackends

/// A bus that records what a driver sends: the real `TraceIO` writes its JSON lines here and
/// `take()` parses them back, so every test also round-trips the trace format.
public final class TraceRecorder {
    private var text = ""
    public private(set) lazy var io = TraceIO { [unowned self] line in self.text += line }

    public init() {}

    /// Operations recorded since the last call, so each step of a test sees only its own.
    public func take() throws(TraceOp.ParseError) -> [TraceOp] {
        defer { text = "" }
        return try TraceOp.parse(text)
    }
}
