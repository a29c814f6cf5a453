public import ZoneInfo

/// One contrast level and the local time it starts.
public struct ContrastStep: Hashable, Sendable {
    public var time: LocalTime
    public var value: UInt8
}

/// Contrast through the day: each entry holds from its time until the next (wrapping past midnight).
public struct ContrastSchedule: Equatable, Sendable {
    /// Sorted by time, one entry per time.
    public private(set) var entries: [ContrastStep]

    /// Steps in any order; when a time repeats, the last one given wins (like a later line in a config file).
    public init(steps: [(LocalTime, UInt8)]) {
        entries = ContrastSchedule.normalized(steps)
    }

    public var steps: [(LocalTime, UInt8)] {
        get { entries.map { ($0.time, $0.value) } }
        set { entries = ContrastSchedule.normalized(newValue) }
    }

    /// nil only for an empty schedule.
    public func value(at time: LocalTime) -> UInt8? {
        // Before the first step of the day, yesterday's last step is still in force.
        guard let last = entries.last else { return nil }
        return entries.last(where: { $0.time <= time })?.value ?? last.value
    }

    private static func normalized(_ steps: [(LocalTime, UInt8)]) -> [ContrastStep] {
        var byTime: [LocalTime: UInt8] = [:]
        for (time, value) in steps { byTime[time] = value }
        return byTime.map { ContrastStep(time: $0.key, value: $0.value) }.sorted { $0.time < $1.time }
    }
}
