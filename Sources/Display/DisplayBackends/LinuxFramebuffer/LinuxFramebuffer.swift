import CKernel
public import Framebuffer
#if canImport(Glibc)
import Glibc
#endif

/// Draws board frames onto a Linux framebuffer (`/dev/fbN`: HDMI, DPI and fbtft panels)
/// through a shared mapping, converting to the device's own bitfields and writing only the
/// damaged part of each damaged row.
public final class LinuxFramebuffer {
    public let path: String
    public let geometry: FramebufferGeometry
    /// True for a character device, where FBIOBLANK applies; false for a regular file.
    public let isDevice: Bool
    private let packer: FramebufferPixelPacker
    private var fd: Int32
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
        let fd = try SystemCalls.openDevice(path, group: .video)
        do throws(BusError) {
            var info = stat()
            guard fstat(fd, &info) == 0 else { throw DeviceGroup.video.error(errno, device: path, operation: "stat") }
            let isDevice = info.st_mode & S_IFMT == S_IFCHR
            let geometry: FramebufferGeometry
            var length: Int
            if let explicit {
                geometry = explicit
                length = explicit.requiredBytes
                if !isDevice && Int(info.st_size) < length {
                    throw BusError(.other, device: path,
                                   message: "file holds \(info.st_size) bytes; the geometry needs \(length)")
                }
            } else {
                (geometry, length) = try Self.query(fd, path: path)
            }
            try geometry.validate(device: path)
            length = max(length, geometry.requiredBytes)
            let address = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)
            if ck_map_failed(address) != 0 {
                throw DeviceGroup.video.error(errno, device: path, operation: "mmap of \(length) bytes")
            }
            self.path = path
            self.geometry = geometry
            self.isDevice = isDevice
            self.packer = FramebufferPixelPacker(geometry)
            self.fd = fd
            self.mapping = address
            self.mappingLength = length
        } catch {
            _ = Glibc.close(fd)
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
        if isDevice && ck_fb_blank(fd, Int32(FB_BLANK_NORMAL)) == 0 { blanked = true }
    }

    public func close() {
        if let mapping { munmap(mapping, mappingLength) }
        mapping = nil
        if fd >= 0 { _ = Glibc.close(fd) }
        fd = -1
    }

    private func unblank() {
        _ = ck_fb_blank(fd, Int32(FB_BLANK_UNBLANK))
        blanked = false
    }

    /// Geometry and mapping size of a real device.
    private static func query(_ fd: Int32, path: String) throws(BusError) -> (FramebufferGeometry, Int) {
        var variable = fb_var_screeninfo()
        var fixed = fb_fix_screeninfo()
        guard ck_fb_get_vscreeninfo(fd, &variable) == 0, ck_fb_get_fscreeninfo(fd, &fixed) == 0 else {
            let code = errno
            if code == ENOTTY || code == EINVAL {
                throw BusError(.other, device: path, message: "not a framebuffer device; give an explicit geometry for a file")
            }
            throw DeviceGroup.video.error(code, device: path, operation: "read screen info")
        }
        guard fixed.type == UInt32(FB_TYPE_PACKED_PIXELS),
              fixed.visual == UInt32(FB_VISUAL_TRUECOLOR) || fixed.visual == UInt32(FB_VISUAL_DIRECTCOLOR),
              variable.grayscale == 0 else {
            throw BusError(.other, device: path, message: "only packed true-colour framebuffers are supported")
        }
        return (FramebufferGeometry(variable: variable, fixed: fixed), Int(fixed.smem_len))
    }
}
