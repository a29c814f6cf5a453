import Framebuffer

/// A display controller driven over a `PanelIO`: it knows the controller's commands and
/// RAM layout, not the layout of the board.
public protocol PanelDriver: AnyObject {
    /// The frame size and pixel format the driver takes (the board's display).
    var width: Int { get }
    var height: Int { get }
    var format: PixelFormat { get }
    /// Reset (where wired) and the controller's init sequence, ending with the panel on
    /// and its RAM cleared.
    func initialise() throws(BusError)
    /// Sends the frame: only the damaged windows where the controller allows, else all.
    func push(_ frame: Framebuffer, damage: [Rect]) throws(BusError)
    /// Sets brightness/contrast (0…255) where the controller has one.
    func setContrast(_ value: UInt8) throws(BusError)
    /// Panel off / deep sleep, for stop and screen-off hours.
    func sleep() throws(BusError)
}

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
