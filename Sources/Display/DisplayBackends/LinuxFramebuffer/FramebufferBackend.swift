public import Framebuffer

/// `/dev/fbN` as a display backend: damaged spans only, and a black screen on shutdown so
/// a stopped sign does not freeze on old departures.
public final class FramebufferBackend: DisplayBackend {
    public let device: LinuxFramebuffer

    public init(device: LinuxFramebuffer) {
        self.device = device
    }

    public var name: String { "fbdev:\(device.path)" }

    public func present(_ frame: Framebuffer, damage: [Rect]) throws(DisplayError) {
        do {
            try device.present(frame, damage: damage)
        } catch {
            throw DisplayError(error.description)
        }
    }

    public func blank() {
        try? device.blank()
    }

    public func shutdown() {
        try? device.blank()
        device.close()
    }
}
