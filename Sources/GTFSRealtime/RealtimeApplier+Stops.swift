import GTFSSchedule

/// What a TripUpdate says about one row.
enum Prediction: Equatable {
    /// Nothing usable: the row stays as scheduled.
    case none
    case delay(Int)
    /// Absolute POSIX seconds.
    case time(Int64)
    /// The vehicle will not stop here.
    case dropRow
}

extension RealtimeApplier {
    typealias StopTimeUpdate = TransitRealtime_TripUpdate.StopTimeUpdate

    func prediction(_ update: TransitRealtime_TripUpdate, for row: ScheduledDeparture) -> Prediction {
        let stopUpdates = update.stopTimeUpdate
        if let ours = stopUpdates.first(where: { Self.isAtOurStop($0, row) }) {
            switch ours.scheduleRelationship {
            case .skipped: return .dropRow
            case .noData: return .none
            case .scheduled, .unscheduled:
                if let event = event(ours, row) { return event }
                // An update without times says nothing here: look at earlier stops.
            }
        }

        // The nearest earlier stop with an update that places itself on the trip.
        var earlier: (sequence: Int, update: StopTimeUpdate)?
        for stopUpdate in stopUpdates where !Self.isAtOurStop(stopUpdate, row) {
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

    /// stop_sequence decides when present (a loop trip visits a stop twice); else stop_id.
    static func isAtOurStop(_ stopUpdate: StopTimeUpdate, _ row: ScheduledDeparture) -> Bool {
        if stopUpdate.hasStopSequence { return Int(stopUpdate.stopSequence) == row.stopSequence }
        return stopUpdate.hasStopID && stopUpdate.stopID == row.stopID
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
               abs(event.time - calendar.serviceDayStart(row.serviceDay) - Int64(row.departureSecs)) <= Self.plausibleOffset {
                return .time(event.time)
            }
            if event.hasDelay { return .delay(Int(event.delay)) }
        }
        return nil
    }

    /// Largest believable distance of a predicted time from the scheduled one.
    static let plausibleOffset: Int64 = 86_400
}
