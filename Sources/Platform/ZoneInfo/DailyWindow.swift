/// A daily span of local time; `end` before `start` crosses midnight (22:00–06:00).
/// start == end means all day. The span is half-open: it includes `start`, not `end`.
public struct DailyWindow: Hashable, Sendable, CustomStringConvertible {
    public var start: LocalTime
    public var end: LocalTime

    public init(start: LocalTime, end: LocalTime) {
        self.start = start
        self.end = end
    }

    /// "22:00-06:00"; spaces around the dash are allowed, a missing end is not.
    public init?(parsing text: some StringProtocol) {
        let parts = Substring(text).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2,
            let start = LocalTime(parsing: trimmingSpaces(parts[0])),
            let end = LocalTime(parsing: trimmingSpaces(parts[1]))
        else { return nil }
        self.init(start: start, end: end)
    }

    public var isAllDay: Bool { start == end }

    public func contains(_ time: LocalTime) -> Bool {
        if start == end { return true }
        if start < end { return start <= time && time < end }
        return time >= start || time < end  // crosses midnight
    }

    public var description: String { "\(start)-\(end)" }
}

private func trimmingSpaces(_ text: Substring) -> Substring {
    var text = text
    while text.first == " " { text.removeFirst() }
    while text.last == " " { text.removeLast() }
    return text
}
