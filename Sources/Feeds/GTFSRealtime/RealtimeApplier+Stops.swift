import GTFSSchedule
import DeparturesCore

/// What a TripUpdate says about one row.
enum Prediction: Equatable {
    /// Nothing usable: the row stays as scheduled.
    case none
    case delay(Int)
    /// Absolute POSIX seconds.
    case time(Int64)
    /// The vehicle will not stop here: a cancelled row.
    case skipped
}

extension RealtimeApplier {
    typealias StopTimeUpdate = TransitRealtime_TripUpdate.StopTimeUpdate

    func prediction(_ update: TransitRealtime_TripUpdate, for row: ScheduledDeparture, board: BoardScope) -> Prediction {
        let stopUpdates = update.stopTimeUpdate
        if let ours = stopUpdates.first(where: { isAtOurStop($0, row, board: board) }) {
            switch ours.scheduleRelationship {
            case .skipped: return .skipped
            case .noData: return .none
            case .scheduled, .unscheduled:
                if let event = event(ours, row) { return event }
            // An update without times says nothing here: look at earlier stops.
            }
        }

        // The nearest earlier stop with an update that places itself on the trip.
        var earlier: (sequence: Int, update: StopTimeUpdate)?
        for stopUpdate in stopUpdates where !isAtOurStop(stopUpdate, row, board: board) {
            guard stopUpdate.scheduleRelationship != .skipped,
                let sequence = position(of: stopUpdate, tripID: row.tripID), sequence < row.stopSequence
            else { continue }
            if let current = earlier, current.sequence >= sequence { continue }
            earlier = (sequence, stopUpdate)
        }
        if let earlier {
            guard earlier.update.scheduleRelationship != .noData else { return .none }
            // Only a delay carries over: an absolute time there needs that stop's scheduled time.
            for event in Self.events(earlier.update) where event.hasDelay {
                return .delay(Int(event.delay))
            }
            return .none
        }
        // Trip-level delay holds until the first stop with an update of its own.
        if update.hasDelay { return .delay(Int(update.delay)) }
        return .none
    }

    /// stop_sequence decides when present (a loop trip visits a stop twice); else stop_id or
    /// assigned_stop_id. A stop_id of another of the board's stops is ours too (a moved
    /// platform) unless the trip calls there itself, by the timetable or `stopSequence`.
    func isAtOurStop(_ stopUpdate: StopTimeUpdate, _ row: ScheduledDeparture, board: BoardScope) -> Bool {
        if stopUpdate.hasStopSequence { return Int(stopUpdate.stopSequence) == row.stopSequence }
        if stopUpdate.hasStopID, stopUpdate.stopID == row.stopID { return true }
        guard let stop = LaterSpec.stopID(of: stopUpdate) else { return false }
        if stop == row.stopID { return true }
        guard board.stopIDs.contains(stop), !board.hasCall(trip: row.tripID, at: stop) else { return false }
        return stopSequence(row.tripID, stop).map { $0 == row.stopSequence } ?? true
    }

    func position(of stopUpdate: StopTimeUpdate, tripID: String) -> Int? {
        if stopUpdate.hasStopSequence { return Int(stopUpdate.stopSequence) }
        guard stopUpdate.hasStopID else { return nil }
        return stopSequence(tripID, stopUpdate.stopID)
    }

    /// Departure first (the board shows departures), then arrival.
    static func events(_ stopUpdate: StopTimeUpdate) -> [TransitRealtime_TripUpdate.StopTimeEvent] {
        (stopUpdate.hasDeparture ? [stopUpdate.departure] : []) + (stopUpdate.hasArrival ? [stopUpdate.arrival] : [])
    }

    /// The first event with a time (which wins over its delay) or a delay. A time more than a
    /// day off the schedule (milliseconds sent as seconds, say) is not believed.
    func event(_ stopUpdate: StopTimeUpdate, _ row: ScheduledDeparture) -> Prediction? {
        for event in Self.events(stopUpdate) {
            if event.hasTime, event.time > 0,
                abs(event.time - calendar.serviceDayStart(row.serviceDay) - Int64(row.departureSecs)) <= Self.plausibleOffset
            {
                return .time(event.time)
            }
            if event.hasDelay { return .delay(Int(event.delay)) }
        }
        return nil
    }

    /// Largest believable distance of a predicted time from the scheduled one.
    static let plausibleOffset: Int64 = 86_400
}
