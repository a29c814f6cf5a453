public import Framebuffer

/// Something that shows frames: a panel driver, an image file, a terminal. Classes, because backends own
/// devices and file descriptors whose lifetime `shutdown()` ends.
public protocol DisplayBackend: AnyObject {
    var name: String { get }
    /// Shows `frame`; `damage` lists the rects that changed since the last present (from `Damage.rects`) so
    /// slow links can push only those. Backends may redraw more than the damage, never less.
    func present(_ frame: Framebuffer, damage: [Rect]) throws(DisplayError)
    /// Ends output: a panel sleeps, `/dev/fbN` is blanked and closed, the HUB75 driver exits.
    /// A later present wakes a panel from reset or starts the driver again; a closed
    /// framebuffer throws.
    func shutdown()
    /// Turns the picture off for a while (screen-off hours); the next present shows again.
    func blank()
    /// Brightness for the time of day (0…255), where the display has a control.
    func setContrast(_ value: UInt8)
}

extension DisplayBackend {
    /// Files and terminals have nothing to switch off.
    public func blank() {}
    /// Files, terminals and framebuffers have no brightness to set.
    public func setContrast(_ value: UInt8) {}
}

/// A failed present, worded for the log line an operator reads (what, where, the system's reason).
public struct DisplayError: Error, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
