import CKernel
public import Framebuffer
import LinuxDevices

/// Draws board frames onto a Linux framebuffer (`/dev/fbN`: HDMI, DPI and fbtft panels)
/// through a shared mapping, converting to the device's own bitfields and writing only the
/// damaged part of each damaged row.
public final class LinuxFramebuffer {
    public let path: String
    public let geometry: FramebufferGeometry
    /// True for a character device, where FBIOBLANK applies; false for a regular file.
    public let isDevice: Bool
    private let packer: FramebufferPixelPacker
    private let node: DeviceNode
    private var mapping: UnsafeMutableRawPointer?
    private let mappingLength: Int
    private var blanked = false

    /// A real framebuffer device: its geometry comes from FBIOGET_VSCREENINFO/FSCREENINFO.
    public convenience init(path: String) throws(BusError) {
        try self.init(path: path, geometry: nil)
    }

    /// An explicit geometry, for a regular file standing in for the device (or a device whose
    /// driver reports it wrongly). A regular file must already be large enough.
    public convenience init(path: String, geometry: FramebufferGeometry) throws(BusError) {
        try self.init(path: path, geometry: Optional(geometry))
    }

    private init(path: String, geometry explicit: FramebufferGeometry?) throws(BusError) {
        let node: DeviceNode
        do {
            node = try DeviceNode(path: path)
        } catch {
            throw DeviceGroup.video.error(error)
        }
        do throws(BusError) {
            let (isDevice, size) = try Self.video { () throws(DeviceError) in try node.status() }
            let geometry: FramebufferGeometry
            var length: Int
            if let explicit {
                geometry = explicit
                length = explicit.requiredBytes
                if !isDevice && size < length {
                    throw BusError(.other, device: path, message: "file holds \(size) bytes; the geometry needs \(length)")
                }
            } else {
                (geometry, length) = try Self.query(node)
            }
            try geometry.validate(device: path)
            length = max(length, geometry.requiredBytes)
            let address = try Self.video { [length] () throws(DeviceError) in try node.map(length: length) }
            self.path = path
            self.geometry = geometry
            self.isDevice = isDevice
            self.packer = FramebufferPixelPacker(geometry)
            self.node = node
            self.mapping = address
            self.mappingLength = length
        } catch {
            node.close()
            throw error
        }
    }

    deinit { close() }

    /// Copies the damaged parts of `frame` (drawn at the device's top-left; anything past the
    /// visible area is clipped). Empty damage writes nothing.
    public func present(_ frame: Framebuffer, damage: [Rect]) throws(BusError) {
        guard let mapping else { throw BusError(.other, device: path, message: "present after close") }
        if blanked { unblank() }
        let visible = Rect(x: 0, y: 0, width: min(frame.width, geometry.width), height: min(frame.height, geometry.height))
        var row = [UInt8](repeating: 0, count: visible.width * geometry.bytesPerPixel)
        for rect in damage {
            let area = rect.intersection(visible)
            if area.isEmpty { continue }
            let count = area.width * geometry.bytesPerPixel
            row.withUnsafeMutableBytes { buffer in
                guard let out = buffer.baseAddress else { return }
                for y in area.y..<area.maxY {
                    packer.convertRow(frame, y: y, from: area.x, to: area.maxX, into: out)
                    // One memcpy per row: framebuffer memory is often uncached, so bulk writes matter.
                    (mapping + geometry.offset(x: area.x, y: y)).copyMemory(from: out, byteCount: count)
                }
            }
        }
    }

    /// Presents the whole frame.
    public func present(_ frame: Framebuffer) throws(BusError) {
        try present(frame, damage: [frame.bounds])
    }

    /// Fills the visible area black, then asks the driver to blank the output; drivers without
    /// FBIOBLANK (many SPI panels) still show black, so that failure is ignored.
    public func blank() throws(BusError) {
        guard let mapping else { throw BusError(.other, device: path, message: "blank after close") }
        var row = [UInt8](repeating: 0, count: geometry.width * geometry.bytesPerPixel)
        let black = packer.pack(.black)
        row.withUnsafeMutableBytes { buffer in
            guard let out = buffer.baseAddress else { return }
            for x in 0..<geometry.width { packer.store(black, into: out, at: x) }
            for y in 0..<geometry.height {
                (mapping + geometry.offset(x: 0, y: y)).copyMemory(from: out, byteCount: buffer.count)
            }
        }
        if isDevice && ck_fb_blank(node.descriptor, Int32(FB_BLANK_NORMAL)) == 0 { blanked = true }
    }

    public func close() {
        if let mapping { DeviceNode.unmap(mapping, length: mappingLength) }
        mapping = nil
        node.close()
    }

    private func unblank() {
        _ = ck_fb_blank(node.descriptor, Int32(FB_BLANK_UNBLANK))
        blanked = false
    }

    /// Geometry and mapping size of a real device.
    private static func query(_ node: DeviceNode) throws(BusError) -> (FramebufferGeometry, Int) {
        var variable = fb_var_screeninfo()
        var fixed = fb_fix_screeninfo()
        do {
            _ = try node.call(.other("read screen info")) { ck_fb_get_vscreeninfo($0, &variable) }
            _ = try node.call(.other("read screen info")) { ck_fb_get_fscreeninfo($0, &fixed) }
        } catch {
            if error.code == .notADevice || error.code == .invalidArgument {
                throw BusError(.other, device: node.path, message: "not a framebuffer device; give an explicit geometry for a file")
            }
            throw DeviceGroup.video.error(error)
        }
        guard fixed.type == UInt32(FB_TYPE_PACKED_PIXELS),
            fixed.visual == UInt32(FB_VISUAL_TRUECOLOR) || fixed.visual == UInt32(FB_VISUAL_DIRECTCOLOR),
            variable.grayscale == 0
        else {
            throw BusError(.other, device: node.path, message: "only packed true-colour framebuffers are supported")
        }
        return (FramebufferGeometry(variable: variable, fixed: fixed), Int(fixed.smem_len))
    }

    /// A call on the node, its failure classified for video devices.
    private static func video<Result>(_ body: () throws(DeviceError) -> Result) throws(BusError) -> Result {
        do {
            return try body()
        } catch {
            throw DeviceGroup.video.error(error)
        }
    }
}
