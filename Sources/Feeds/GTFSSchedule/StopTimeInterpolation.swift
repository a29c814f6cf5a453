/// Times for calls the feed leaves untimed (stops that are not timepoints), from the
/// nearest timed calls before and after them in the same trip.
enum StopTimeInterpolation {
    struct Call {
        /// When the vehicle leaves (departure_time, else arrival_time); nil when untimed.
        var leave: Int?
        /// When it arrives (arrival_time, else departure_time); nil when untimed.
        var reach: Int?
        /// shape_dist_traveled, where given.
        var distance: Double?
    }

    /// Seconds for `calls[index]`, between the previous call's departure and the next
    /// call's arrival: in proportion to shape_dist_traveled when this call and both
    /// neighbours have it (and the distance grows), else evenly by position in the trip.
    /// Rounded to the nearest second, halves up. Nil without a timed call on both sides.
    static func secs(at index: Int, in calls: [Call]) -> Int? {
        guard calls.indices.contains(index),
            let before = calls[..<index].lastIndex(where: { $0.leave != nil }),
            let after = calls[(index + 1)...].firstIndex(where: { $0.reach != nil }),
            let start = calls[before].leave, let end = calls[after].reach
        else { return nil }
        if let here = calls[index].distance, let from = calls[before].distance, let to = calls[after].distance, to > from {
            let fraction = min(1, max(0, (here - from) / (to - from)))
            return start + Int((fraction * Double(end - start)).rounded(.toNearestOrAwayFromZero))
        }
        // In whole numbers, so thirds of a minute come out exact: start + step × span / steps.
        let steps = after - before, numerator = (index - before) * (end - start)
        return start + floorDiv(2 * numerator + steps, 2 * steps)
    }

    private static func floorDiv(_ a: Int, _ b: Int) -> Int {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }
}
