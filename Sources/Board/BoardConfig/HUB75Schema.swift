import PanelCatalog

/// The HUB75 keys of `output:`: hzeller's `--led-…` options under their own names, checked
/// against the library's ranges, and the matrix they make against the board's display.
enum HUB75Schema {
    static let keys = [
        "rows", "cols", "chain_length", "parallel", "hardware_mapping", "gpio_slowdown", "pwm_bits",
        "pwm_lsb_nanoseconds", "pwm_dither_bits", "scan_mode", "row_address_type", "multiplexing", "rgb_sequence",
        "pixel_mapper", "panel_type", "hardware_pulse", "limit_refresh_hz", "inverse_colors",
        "driver_socket", "driver_program",
    ]

    static func build(
        _ section: Section, display: DisplaySettings
    )
        throws(BoardFileError) -> (HUB75Options, OutputSettings.HUB75Driver)
    {
        var options = HUB75Options()
        func number(_ key: String) throws(BoardFileError) -> Int? {
            try section.wholeNumber(key, in: HUB75Facts.ranges[key]!)
        }
        if let rows = try section.wholeNumber("rows", in: 1...64) {
            guard HUB75Facts.panelRows.contains(rows) else {
                throw section.error("rows", "a HUB75 panel has 8, 16, 32 or 64 rows; got \(rows)")
            }
            options.rows = rows
        }
        options.cols = try number("cols") ?? options.cols
        options.chainLength = try number("chain_length") ?? options.chainLength
        options.parallel = try number("parallel") ?? options.parallel
        if let mapping = try section.string("hardware_mapping") {
            guard let known = HUB75Facts.hardwareMappings.first(where: { $0.name == mapping }) else {
                let names = HUB75Facts.hardwareMappings.map(\.name).joined(separator: ", ")
                throw section.error("hardware_mapping", "expected one of \(names); got '\(shown(mapping))'")
            }
            options.hardwareMapping = known.name
        }
        let chains = HUB75Facts.hardwareMappings.first { $0.name == options.hardwareMapping }?.parallelChains ?? 1
        if options.parallel > chains {
            throw section.error(
                section.has("parallel") ? "parallel" : "hardware_mapping",
                "\(options.hardwareMapping) wires \(chains == 1 ? "one chain" : "\(chains) chains"); parallel is \(options.parallel)")
        }
        options.gpioSlowdown = try number("gpio_slowdown")
        options.pwmBits = try number("pwm_bits")
        options.pwmLSBNanoseconds = try number("pwm_lsb_nanoseconds")
        options.pwmDitherBits = try number("pwm_dither_bits")
        options.scanMode = try number("scan_mode")
        options.rowAddressType = try number("row_address_type")
        options.multiplexing = try number("multiplexing")
        options.limitRefreshHz = try number("limit_refresh_hz")
        if let sequence = try section.string("rgb_sequence") {
            if let problem = HUB75Facts.problem(rgbSequence: sequence) { throw section.error("rgb_sequence", problem) }
            options.rgbSequence = sequence.uppercased()
        }
        if let type = try section.string("panel_type") {
            guard let known = HUB75Facts.panelTypes.first(where: { $0.lowercased() == type.lowercased() }) else {
                throw section.error(
                    "panel_type",
                    "expected \(HUB75Facts.panelTypes.joined(separator: " or ")) (leave it out for ordinary panels); got '\(shown(type))'")
            }
            options.panelType = known
        }
        options.hardwarePulse = try section.bool("hardware_pulse") ?? options.hardwarePulse
        options.inverseColors = try section.bool("inverse_colors") ?? options.inverseColors
        options.pixelMapper = try section.string("pixel_mapper")
        switch options.visibleSize() {
        case .failure(let problem):
            throw section.error("pixel_mapper", problem.description)
        case .success(let size) where size.width != display.width || size.height != display.height:
            let key = ["pixel_mapper", "cols", "chain_length", "rows", "parallel"].first(where: section.has) ?? "driver"
            let mappers = options.pixelMapper.map { " through \($0)" } ?? ""
            throw section.error(
                key,
                "cols \(options.cols) × chain_length \(options.chainLength) by rows \(options.rows) × parallel \(options.parallel)\(mappers) make a \(size.width)×\(size.height) matrix; display is \(display.width)×\(display.height)"
            )
        case .success:
            break
        }
        return (options, try driver(section))
    }

    /// `driver_socket` (a driver its own service runs) or `driver_program`; both absolute paths.
    private static func driver(_ section: Section) throws(BoardFileError) -> OutputSettings.HUB75Driver {
        if section.has("driver_socket"), section.has("driver_program") {
            throw section.error(
                "driver_program", "give driver_socket (a driver run by its own service) or driver_program (one the sign starts), not both",
                atKey: true)
        }
        for key in ["driver_socket", "driver_program"] {
            guard let path = try section.string(key) else { continue }
            guard path.hasPrefix("/") else { throw section.error(key, "expected an absolute path; got '\(shown(path))'") }
            if let problem = Validators.filePath(path) { throw section.error(key, problem) }
            return key == "driver_socket" ? .socket(path) : .spawn(program: path)
        }
        return .spawn(program: nil)
    }
}
