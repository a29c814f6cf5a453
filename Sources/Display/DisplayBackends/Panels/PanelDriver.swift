public import Framebuffer

/// A display controller driven through a `PanelLink`: it knows the controller's commands and
/// RAM layout, not the wire or the layout of the board.
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
