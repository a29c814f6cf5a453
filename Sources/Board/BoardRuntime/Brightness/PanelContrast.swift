public import ZoneInfo

/// Which contrast the panel is given: the one owner of the order, the first that speaks wins.
///
/// 1. the light sensor, while it answers;
/// 2. the sun's day and night levels (`brightness: mode: sun`, or a sensor board's fallback);
/// 3. `schedule.contrast`;
/// 4. the board's `output.contrast`, only once the sensor stops answering, to undo its last level;
/// 5. nothing: no contrast is sent and the driver keeps the one it started with.
///
/// No button or remote command sets contrast. The draw loop asks with the sensor's state,
/// `render --trace` without one (no sensor is read there), and the sensor's log line asks
/// which source stands in.
public struct PanelContrast: Sendable, Equatable {
    /// The light sensor as the draw loop last heard it.
    public enum Sensor: Sendable, Equatable {
        /// No sensor, no answer yet, or none read (`render`).
        case silent
        case answering(level: UInt8)
        /// It answered before and has stopped.
        case failing
    }

    public enum Source: Sendable, Equatable {
        case sensor, sun, schedule, board

        /// As the log names it.
        public var name: String {
            switch self {
            case .sensor: "the light sensor"
            case .sun: "the sun"
            case .schedule: "schedule.contrast"
            case .board: "the board's contrast"
            }
        }
    }

    /// The sun's part and `schedule.contrast`; nil when the board has neither.
    public var schedule: BoardSchedule?
    /// `output.contrast`; nil without an output.
    public var boardContrast: UInt8?

    public init(schedule: BoardSchedule?, boardContrast: UInt8? = nil) {
        self.schedule = schedule
        self.boardContrast = boardContrast
    }

    /// The level in force at `t` and where it comes from; nil: send nothing.
    public func inForce(atUnixSeconds t: Int64, zone: TimeZoneRules, sensor: Sensor = .silent) -> (level: UInt8, source: Source)? {
        if case .answering(let level) = sensor { return (level, .sensor) }
        if let level = schedule?.sun?.contrast(atUnixSeconds: t) { return (level, .sun) }
        if let level = schedule?.steppedContrast(atUnixSeconds: t, zone: zone) { return (level, .schedule) }
        if sensor == .failing, let boardContrast { return (boardContrast, .board) }
        return nil
    }

    /// What stands in while the sensor is silent, by what the board sets (for the log).
    public var fallback: Source {
        if schedule?.sun?.levels != nil { return .sun }
        if schedule?.contrast != nil { return .schedule }
        return .board
    }
}
