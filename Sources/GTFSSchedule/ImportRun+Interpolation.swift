import GRDB

/// One call of a trip on the second pass: enough to place an untimed call between timed ones.
struct TimedCall {
    var sequence: Int
    var secs: Int?
    /// `shape_dist_traveled`, where the feed gives it.
    var distance: Double?
}

extension ImportRun {
    /// Gives board calls without times (stops that are not timepoints) a time between the
    /// trip's neighbouring timed stops, as GTFS consumers do: in proportion to
    /// `shape_dist_traveled` when the call and both neighbours have it, else evenly by
    /// position in the stop order; rounded to the nearest second. Calls with no timed stop on
    /// one side keep no time (the reference requires the first and last stop to be timed).
    /// Returns how many calls got a time.
    func interpolateUntimedCalls(_ db: Database) throws -> Int {
        let update = try db.makeStatement(sql: """
            UPDATE stop_times SET departure_secs = ?, arrival_secs = COALESCE(arrival_secs, ?) WHERE trip_id = ? AND stop_sequence = ?
            """)
        var filled = 0
        for (tripID, sequences) in untimedCalls {
            let calls = (timelines[tripID] ?? []).sorted { $0.sequence < $1.sequence }
            for sequence in sequences {
                guard let index = calls.firstIndex(where: { $0.sequence == sequence }),
                      let secs = Self.interpolated(calls, at: index) else { continue }
                try update.execute(arguments: [secs, secs, tripID, sequence])
                filled += 1
            }
        }
        untimedCalls = [:]
        timelines = [:]
        return filled
    }

    static func interpolated(_ calls: [TimedCall], at index: Int) -> Int? {
        guard let before = calls[..<index].lastIndex(where: { $0.secs != nil }),
              let after = calls[(index + 1)...].firstIndex(where: { $0.secs != nil }),
              let start = calls[before].secs, let end = calls[after].secs else { return nil }
        let fraction: Double
        if let low = calls[before].distance, let here = calls[index].distance, let high = calls[after].distance,
           high > low, (low...high).contains(here) {
            fraction = (here - low) / (high - low)
        } else {
            fraction = Double(index - before) / Double(after - before)
        }
        return start + Int((Double(end - start) * fraction).rounded())
    }
}
