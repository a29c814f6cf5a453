import DisplayBackends
public import Framebuffer

/// Replays a trace into a controller's RAM, then into an image: proof that the bytes a
/// driver sends show the pixels the layout drew.
public protocol PanelEmulator {
    mutating func apply(_ op: TraceOp) throws(EmulationError)
    /// What the panel shows now, in the driver's pixel format.
    func image() -> Framebuffer
}

public struct EmulationError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

extension PanelEmulator {
    /// Applies every operation of a trace in order.
    public mutating func replay(_ ops: [TraceOp]) throws(EmulationError) {
        for op in ops { try apply(op) }
    }
}
