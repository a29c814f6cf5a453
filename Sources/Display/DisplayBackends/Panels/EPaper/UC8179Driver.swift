public import Framebuffer

/// UltraChip UC8179 driving a 7.5" 800×480 e-paper (Waveshare 7.5" V2 class), with the
/// controller's OTP waveforms (no LUT upload).
///
/// RAM polarity (VCOM/data interval 0x50 with DDX = 01, the datasheet default): in both
/// modes a RAM bit of 1 is white in the black/white RAMs; in KWR mode a 1 in RAM 0x13 is red.
/// KW mode: 0x10 holds the old image and 0x13 the new one, so a partial refresh drives only
/// changed pixels. KWR mode: 0x10 is the black/white plane and 0x13 the red plane; the tri-colour
/// OTP waveform has no partial mode, so every refresh is full.
public final class UC8179Driver: EPaperDriver {
    public typealias Colors = UC8179Model.Colors

    public let model: UC8179Model
    public var width: Int { model.width }
    public var height: Int { model.height }
    public var format: PixelFormat { UC8179Model.format }
    public var colors: Colors { model.colors }
    public let policy: EPaperRefreshPolicy
    /// The last refresh sent (nil before the first, or when the last push sent nothing).
    public private(set) var lastRefresh: EPaperRefresh?
    public var refreshes: EPaperRefreshCount { scheduler.sent }

    private let link: any PanelLink
    private let busy: BusyLine
    private let now: @Sendable () -> Duration
    private var scheduler: EPaperRefreshScheduler
    /// What the panel shows, the old image for partial refreshes.
    private var shown: Framebuffer
    private var awake = false

    /// `busyLevel`: what BUSY reads while the UC8179 works. Its BUSY_N pin is active low,
    /// so 0; kept a parameter for boards that invert it.
    public init(
        io: any PanelIO, colors: Colors = .blackWhite, policy: EPaperRefreshPolicy = EPaperRefreshPolicy(),
        busyLevel: Int = UC8179Model.busyLevel, now: @escaping @Sendable () -> Duration = EPaperClock.monotonic()
    ) {
        let model = UC8179Model(colors: colors)
        self.model = model
        self.policy = policy
        self.link = SPILink(io: io, parameters: .data, resetPulse: .epaper)
        self.busy = BusyLine(io: io, activeLevel: busyLevel, timeout: policy.busyTimeout)
        self.now = now
        self.scheduler = EPaperRefreshScheduler(policy: policy)
        self.shown = Framebuffer(width: model.width, height: model.height, format: .bwr)
    }

    public func initialise() throws(BusError) {
        scheduler.invalidate()
        try link.reset()
        try link.commands(UC8179Model.powerOn)
        try busy.waitIdle(settle: 100)
        try link.commands(model.initSequence)
        // Clear both RAMs to white so the first refresh starts from a known old image.
        let white = Framebuffer(width: width, height: height, format: .bwr)
        try writePlanes(of: white, old: white, window: EPaperWindow(covering: white.bounds))
        shown = white
        awake = true
    }

    public func push(_ frame: Framebuffer, damage: [Rect]) throws(BusError) {
        try model.check(frame, device: "UC8179")
        if !awake { try initialise() }
        lastRefresh = try EPaperPush.run(
            &scheduler, damage: damage, bounds: frame.bounds,
            partialSupported: colors == .blackWhite, now: now
        ) { refresh throws(BusError) in
            switch refresh {
            case .full: try sendFull(frame)
            case .partial(let rect): try sendPartial(frame, rect)
            }
        }
        if lastRefresh != nil { shown = frame }
    }

    /// E-paper has no contrast control; the waveform fixes the ink.
    public func setContrast(_ value: UInt8) throws(BusError) {}

    public func sleep() throws(BusError) {
        try link.command(0x02)  // power off: BUSY while the pumps discharge
        try busy.waitIdle()
        try link.command(0x07, [0xA5])  // deep sleep; 0xA5 is the check code, only reset wakes it
        awake = false
        scheduler.invalidate()
    }

    // MARK: - Refreshes

    /// The border as initialised, with BDZ = 1: floating so a partial refresh does not flash it.
    private static let borderFloating: [UInt8] = [0x91, 0x07]

    private func sendFull(_ frame: Framebuffer) throws(BusError) {
        try link.command(0x50, UC8179Model.borderNormal)
        try writePlanes(of: frame, old: shown, window: EPaperWindow(covering: frame.bounds))
        try displayRefresh()
    }

    private func sendPartial(_ frame: Framebuffer, _ rect: Rect) throws(BusError) {
        let window = EPaperWindow(covering: rect)
        try link.commands([
            PanelCommand(0x50, Self.borderFloating),
            PanelCommand(0x91),  // partial in: RAM writes and refresh use the window
            PanelCommand(0x90, Self.partialWindow(window)),
        ])
        try writePlanes(of: frame, old: shown, window: window)
        try displayRefresh()
        try link.command(0x92)  // partial out
    }

    private func displayRefresh() throws(BusError) {
        try link.command(0x12)
        try busy.waitIdle(settle: 100)  // BUSY needs a moment to assert after 0x12
    }

    /// KW: old image to 0x10, new to 0x13 (1 = white). KWR: black/white plane to 0x10
    /// (1 = white, red pixels white there), red plane to 0x13 (1 = red).
    private func writePlanes(of frame: Framebuffer, old: Framebuffer, window: EPaperWindow) throws(BusError) {
        switch colors {
        case .blackWhite:
            try link.command(0x10, Self.plane(old, window) { $0 == 0 })
            try link.command(0x13, Self.plane(frame, window) { $0 == 0 })
        case .blackWhiteRed:
            try link.command(0x10, Self.plane(frame, window) { $0 != 1 })
            try link.command(0x13, Self.plane(frame, window) { $0 == 2 })
        }
    }

    private static func plane(_ frame: Framebuffer, _ window: EPaperWindow, bit: (UInt8) -> Bool) -> [UInt8] {
        let bytes = frame.bytes, stride = frame.stride
        return EPaperBits.pack(window) { x, y in bit(bytes[y * stride + x]) }
    }

    /// HRST/HRED are 10-bit with the low 3 bits implied (000 / 111); VRST/VRED 10-bit; the
    /// last byte is PT_SCAN = 1 (gates scan outside the window too, as Waveshare sends).
    static func partialWindow(_ window: EPaperWindow) -> [UInt8] {
        let xs = window.byteColumns.lowerBound * 8, xe = window.byteColumns.upperBound * 8 + 7
        let ys = window.rows.lowerBound, ye = window.rows.upperBound
        return [
            UInt8(xs >> 8), UInt8(xs & 0xF8), UInt8(xe >> 8), UInt8(xe & 0xFF),
            UInt8(ys >> 8), UInt8(ys & 0xFF), UInt8(ye >> 8), UInt8(ye & 0xFF), 0x01,
        ]
    }
}
