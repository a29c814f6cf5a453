public import SystemFiles

/// The darkest and brightest smoothed readings this sensor unit has seen: units of one
/// model differ, so each learns its own range. Kept across restarts in a small text file.
public struct LuxCalibration: Sendable, Equatable {
    public var darkest: Double?
    public var brightest: Double?

    public init(darkest: Double? = nil, brightest: Double? = nil) {
        self.darkest = darkest
        self.brightest = brightest
    }

    /// A range learned over less than a decade is not yet a day and a night: not used.
    public static let minimumSpan = 10.0

    public var learnedRange: LuxRange? {
        guard let darkest, let brightest, brightest >= darkest * Self.minimumSpan else { return nil }
        return LuxRange(lower: darkest, upper: brightest)
    }

    public mutating func learn(_ lux: Double) {
        let lux = max(lux, LuxRange.floor)
        darkest = min(darkest ?? lux, lux)
        brightest = max(brightest ?? lux, lux)
    }

    /// True when either end moved by more than `ratio` since `saved`: worth writing again.
    public func differs(from saved: LuxCalibration, by ratio: Double = 1.1) -> Bool {
        func far(_ a: Double?, _ b: Double?) -> Bool {
            guard let a, let b else { return a != b }
            return max(a / b, b / a) > ratio
        }
        return far(darkest, saved.darkest) || far(brightest, saved.brightest)
    }

    /// `darkest_lux 0.4` and `brightest_lux 1200`, one a line.
    public var fileText: String {
        var text = "# learned by departure-board's light sensor; delete to learn again\n"
        if let darkest { text += "darkest_lux \(darkest)\n" }
        if let brightest { text += "brightest_lux \(brightest)\n" }
        return text
    }

    /// nil for text that is not such a file (a damaged file is learned again, never trusted).
    public init?(fileText: String) {
        var values: [String: Double] = [:]
        for line in fileText.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ")
            guard parts.count == 2, let value = Double(parts[1]), value.isFinite, value > 0 else { return nil }
            values[String(parts[0])] = value
        }
        guard let darkest = values["darkest_lux"], let brightest = values["brightest_lux"], darkest <= brightest else { return nil }
        self.init(darkest: darkest, brightest: brightest)
    }
}

/// Where a unit's calibration lives: read once at start, written rarely and atomically.
public struct CalibrationFile: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    public func load() -> LuxCalibration? {
        guard let bytes = try? BoundedFile.read(path, maxBytes: 4096) else { return nil }
        return LuxCalibration(fileText: String(decoding: bytes, as: UTF8.self))
    }

    public func save(_ calibration: LuxCalibration) throws(AtomicFile.Failure) {
        try AtomicFile.write(Array(calibration.fileText.utf8), to: path)
    }
}
