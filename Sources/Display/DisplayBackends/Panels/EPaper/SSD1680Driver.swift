public import Framebuffer

/// Solomon SSD1680 driving a 2.13" 250×122 black/white e-paper (Waveshare 2.13" V4 class),
/// with the controller's OTP waveforms (no LUT upload).
///
/// The panel is portrait in RAM: 122 source columns (RAM bytes 0…15, 128 px, the last 6 bits
/// padding) × 250 gate rows. The driver takes a landscape 250×122 frame and maps frame pixel
/// (x, y) to RAM column 121 − y, RAM row x, Waveshare's ROTATE_90 orientation: frame top = the
/// panel's last source column, frame left = the first gate row. RAM 0x24 bit 1 = white.
///
/// RAM 0x26 is the "previous image" display mode 2 (partial) compares against. The driver keeps
/// 0x26 equal to what the panel shows at every refresh: a full refresh writes the frame to both
/// RAMs, and a partial one writes the window to 0x24, refreshes, then writes it to 0x26 — so it
/// does not depend on whether the controller copies 0x24 to 0x26 itself.
public final class SSD1680Driver: EPaperDriver {
    public let model = SSD1680Model()
    public var width: Int { model.width }
    public var height: Int { model.height }
    public var format: PixelFormat { SSD1680Model.format }
    public let policy: EPaperRefreshPolicy
    /// The last refresh sent (nil before the first, or when the last push sent nothing).
    public private(set) var lastRefresh: EPaperRefresh?
    public var refreshes: EPaperRefreshCount { scheduler.sent }

    static let usedColumns = SSD1680Model.usedColumns
    /// 0x22 options: 0xF7 = clock+analog on, load temperature and LUT, display mode 1, then power
    /// down; 0xFF = the same with display mode 2 (partial: only changed pixels are driven).
    static let fullUpdate: UInt8 = 0xF7
    static let partialUpdate: UInt8 = 0xFF

    private let link: any PanelLink
    private let busy: BusyLine
    private let now: @Sendable () -> Duration
    private var scheduler: EPaperRefreshScheduler
    private var awake = false

    /// `busyLevel`: what BUSY reads while the SSD1680 works; it is active high, so 1.
    public init(
        io: any PanelIO, policy: EPaperRefreshPolicy = EPaperRefreshPolicy(), busyLevel: Int = SSD1680Model.busyLevel,
        now: @escaping @Sendable () -> Duration = EPaperClock.monotonic()
    ) {
        self.policy = policy
        self.link = SPILink(io: io, parameters: .data, resetPulse: .epaper)
        self.busy = BusyLine(io: io, activeLevel: busyLevel, timeout: policy.busyTimeout)
        self.now = now
        self.scheduler = EPaperRefreshScheduler(policy: policy)
    }

    public func initialise() throws(BusError) {
        scheduler.invalidate()
        try link.reset()
        try busy.waitIdle()
        try link.command(0x12)  // SW reset: registers to defaults, BUSY until done
        try busy.waitIdle(settle: 10)
        try link.commands(SSD1680Model.initSequence)
        // Clear both RAMs to white: 0x26 must match the panel for the first partial anyway.
        let white = [UInt8](repeating: 0xFF, count: SSD1680Model.ramBytesPerRow * SSD1680Model.ramRows)
        let all = Self.fullWindow
        try writeRAM(0x24, window: all, white)
        try writeRAM(0x26, window: all, white)
        awake = true
    }

    public func push(_ frame: Framebuffer, damage: [Rect]) throws(BusError) {
        try model.check(frame, device: "SSD1680")
        if !awake { try initialise() }
        lastRefresh = try EPaperPush.run(
            &scheduler, damage: damage, bounds: frame.bounds,
            partialSupported: true, now: now
        ) { refresh throws(BusError) in
            switch refresh {
            case .full:
                let data = Self.pack(frame, Self.fullWindow)
                try link.command(0x3C, [0x05])
                try writeRAM(0x24, window: Self.fullWindow, data)
                try writeRAM(0x26, window: Self.fullWindow, data)
                try update(Self.fullUpdate)
            case .partial(let rect):
                let window = Self.ramWindow(for: rect)
                let data = Self.pack(frame, window)
                try link.command(0x3C, [0x80])  // border held at VCOM so it does not flash
                try writeRAM(0x24, window: window, data)
                try update(Self.partialUpdate)
                try writeRAM(0x26, window: window, data)
            }
        }
    }

    /// E-paper has no contrast control; the waveform fixes the ink.
    public func setContrast(_ value: UInt8) throws(BusError) {}

    public func sleep() throws(BusError) {
        try link.command(0x10, [0x01])  // deep sleep mode 1 (RAM kept); only a hardware reset wakes it
        awake = false
        scheduler.invalidate()
    }

    // MARK: - RAM

    static let fullWindow = EPaperWindow(byteColumns: 0...(SSD1680Model.ramBytesPerRow - 1), rows: 0...(SSD1680Model.ramRows - 1))

    /// The RAM window holding a landscape rect: rows are frame x, columns 121 − frame y,
    /// widened to whole bytes (so the frame rect grows to 8-row bands of the landscape image).
    static func ramWindow(for rect: Rect) -> EPaperWindow {
        let firstColumn = usedColumns - rect.maxY, lastColumn = usedColumns - 1 - rect.y
        return EPaperWindow(byteColumns: (firstColumn / 8)...(lastColumn / 8), rows: rect.x...(rect.maxX - 1))
    }

    /// RAM bits for `window`: 1 = white; padding columns past the panel are white.
    static func pack(_ frame: Framebuffer, _ window: EPaperWindow) -> [UInt8] {
        let bytes = frame.bytes, stride = frame.stride
        return EPaperBits.pack(window) { column, row in
            column >= usedColumns || bytes[(usedColumns - 1 - column) * stride + row] == 0
        }
    }

    /// Sets the RAM window and counters, then streams `data` into `target` (0x24 / 0x26).
    private func writeRAM(_ target: UInt8, window: EPaperWindow, _ data: [UInt8]) throws(BusError) {
        let x0 = UInt8(window.byteColumns.lowerBound), x1 = UInt8(window.byteColumns.upperBound)
        let y0 = window.rows.lowerBound, y1 = window.rows.upperBound
        try link.commands([
            PanelCommand(0x44, [x0, x1]),
            PanelCommand(0x45, [UInt8(y0 & 0xFF), UInt8(y0 >> 8), UInt8(y1 & 0xFF), UInt8(y1 >> 8)]),
            PanelCommand(0x4E, [x0]),
            PanelCommand(0x4F, [UInt8(y0 & 0xFF), UInt8(y0 >> 8)]),
            PanelCommand(target, data),
        ])
    }

    /// Display update control 2, master activation, then BUSY until the waveform ends.
    private func update(_ option: UInt8) throws(BusError) {
        try link.commands([PanelCommand(0x22, [option]), PanelCommand(0x20)])
        try busy.waitIdle()
    }
}
