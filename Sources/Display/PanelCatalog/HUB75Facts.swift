/// A HUB75 matrix as hzeller's rpi-rgb-led-matrix library takes it: the options a board file
/// gives (`output.rows`, `cols`, …, named after the library's own `--led-…` flags), read by
/// validation, by assembly and by the driver link, so each fact has one owner.
public struct HUB75Options: Sendable, Equatable {
    /// Rows of one panel (8, 16, 32 or 64) and its columns.
    public var rows = 32
    public var cols = 32
    /// Panels daisy-chained on one connector, and connectors driven at once.
    public var chainLength = 1
    public var parallel = 1
    /// How the panel's lines reach the GPIO header (an adapter board's name).
    public var hardwareMapping = "regular"
    /// nil: the library's own default.
    public var gpioSlowdown: Int?
    public var pwmBits: Int?
    public var pwmLSBNanoseconds: Int?
    public var pwmDitherBits: Int?
    public var scanMode: Int?
    public var rowAddressType: Int?
    public var multiplexing: Int?
    /// Some panels swap colours: the order they really take, such as "RBG".
    public var rgbSequence: String?
    /// `;`-separated mappers such as "U-mapper;Rotate:180".
    public var pixelMapper: String?
    /// Panels whose driver chips need an init sequence ("FM6126A").
    public var panelType: String?
    /// Output-enable pulses from the PWM hardware (needs OE on GPIO 18 and the sound module off).
    public var hardwarePulse = true
    public var limitRefreshHz: Int?
    public var inverseColors = false

    public init() {}

    /// The width and height the matrix shows: columns × chain by rows × parallel, then each
    /// pixel mapper. A mapper that cannot apply is an error in words.
    public func visibleSize() -> Result<PanelSize, HUB75Facts.Problem> {
        var size = PanelSize(cols * chainLength, rows * parallel)
        guard let mapper = pixelMapper, !mapper.isEmpty else { return .success(size) }
        for step in mapper.split(separator: ";", omittingEmptySubsequences: false) {
            let parts = step.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0]), parameter = parts.count > 1 ? String(parts[1]) : ""
            switch (name, parameter) {
            case ("U-mapper", ""):
                guard chainLength % 2 == 0 else {
                    return .failure(.init("U-mapper folds the chain in two: chain_length must be even; got \(chainLength)"))
                }
                size = PanelSize(size.width / 2, size.height * 2)
            case ("V-mapper", ""), ("V-mapper", "Z"):
                size = PanelSize(cols * parallel, rows * chainLength)
            case ("Mirror", "H"), ("Mirror", "V"):
                break
            case ("Rotate", _):
                guard let angle = Int(parameter), angle % 90 == 0 else {
                    return .failure(.init("Rotate takes a multiple of 90 degrees (Rotate:90); got '\(step)'"))
                }
                if angle % 180 != 0 { size = PanelSize(size.height, size.width) }
            default:
                let known = HUB75Facts.pixelMappers.joined(separator: ", ")
                return .failure(.init("unknown pixel mapper '\(step)': expected \(known), separated by ';'"))
            }
        }
        return .success(size)
    }

    /// The driver's CONFIGURE text (`key=value` lines, deploy/hub75/PROTOCOL.md): the frame
    /// size and brightness, then every option the board sets; the library's defaults stand for the rest.
    public func configurationText(width: Int, height: Int, brightnessPercent: Int) -> String {
        var lines = [
            "width=\(width)", "height=\(height)", "brightness=\(brightnessPercent)",
            "rows=\(rows)", "cols=\(cols)", "chain_length=\(chainLength)", "parallel=\(parallel)",
            "hardware_mapping=\(hardwareMapping)", "hardware_pulse=\(hardwarePulse ? 1 : 0)",
            "inverse_colors=\(inverseColors ? 1 : 0)",
        ]
        let optional: [(String, String?)] = [
            ("gpio_slowdown", gpioSlowdown.map(String.init)), ("pwm_bits", pwmBits.map(String.init)),
            ("pwm_lsb_nanoseconds", pwmLSBNanoseconds.map(String.init)), ("pwm_dither_bits", pwmDitherBits.map(String.init)),
            ("scan_mode", scanMode.map(String.init)), ("row_address_type", rowAddressType.map(String.init)),
            ("multiplexing", multiplexing.map(String.init)), ("led_rgb_sequence", rgbSequence),
            ("pixel_mapper", pixelMapper), ("panel_type", panelType), ("limit_refresh_rate_hz", limitRefreshHz.map(String.init)),
        ]
        lines += optional.compactMap { key, value in value.map { "\(key)=\($0)" } }
        return lines.map { $0 + "\n" }.joined()
    }
}

/// What the library accepts, from its documentation and hardware-mapping table.
public enum HUB75Facts {
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// Adapter boards (`hardware_mapping`) and how many parallel chains each wires.
    public static let hardwareMappings: [(name: String, parallelChains: Int)] = [
        ("regular", 3), ("adafruit-hat", 1), ("adafruit-hat-pwm", 1), ("regular-pi1", 1), ("classic", 3), ("classic-pi1", 1),
    ]
    public static let panelRows = [8, 16, 32, 64]
    public static let pixelMappers = ["U-mapper", "V-mapper", "V-mapper:Z", "Mirror:H", "Mirror:V", "Rotate:<degrees>"]
    public static let panelTypes = ["FM6126A", "FM6127"]
    /// Whole-number options and the values the library takes.
    public static let ranges: [String: ClosedRange<Int>] = [
        "cols": 8...256, "chain_length": 1...32, "parallel": 1...6, "gpio_slowdown": 0...5, "pwm_bits": 1...11,
        "pwm_lsb_nanoseconds": 50...3000, "pwm_dither_bits": 0...2, "scan_mode": 0...1, "row_address_type": 0...5,
        "multiplexing": 0...22, "limit_refresh_hz": 0...1000,
    ]

    /// nil when `sequence` is an order of R, G and B.
    public static func problem(rgbSequence sequence: String) -> String? {
        sequence.uppercased().sorted() == ["B", "G", "R"]
            ? nil : "expected the letters R, G and B in the panel's order, such as RGB or RBG; got '\(sequence)'"
    }
}
