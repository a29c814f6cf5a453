public import Framebuffer
public import PanelCatalog

/// One display controller as data, one type per chip as mipidsi's models are: the panel-table
/// row it is, the frames it takes and (on each type) the commands that start it. Drivers read
/// their sizes here; a test checks these against `PanelCatalog`, which validation reads.
public protocol ControllerModel: Sendable {
    /// The panel table's row for this controller.
    static var catalogEntry: PanelModel { get }
    /// The one pixel format the driver takes.
    static var format: PixelFormat { get }
    /// Every size the controller is driven at, as the panel table states it.
    static var geometry: PanelGeometry { get }
    /// This configuration's frame size.
    var width: Int { get }
    var height: Int { get }
}

extension ControllerModel {
    /// Drivers take exactly their panel's frame; anything else is a configuration bug upstream,
    /// named (after `device`) rather than drawn as garbage.
    func check(_ frame: Framebuffer, device: @autoclosure () -> String) throws(BusError) {
        guard frame.width != width || frame.height != height || frame.format != Self.format else { return }
        throw BusError(
            .other, device: device(),
            message:
                "frame is \(frame.width)×\(frame.height) \(frame.format), panel takes \(width)×\(height) \(Self.format)")
    }
}
