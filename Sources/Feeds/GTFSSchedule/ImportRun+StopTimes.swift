import SQLite

/// The two passes over stop_times.txt and what follows from them: interpolated times for
/// untimed calls and the drop-off-only flag of each trip's last call.
extension ImportRun {
    /// First pass: validates every row, keeps the rows at board stops and notes their trips.
    ///
    /// Rows with a flexible pickup window (GTFS-Flex `start_pickup_drop_off_window`) have no
    /// fixed time and are not kept; rows naming a Flex location instead of a stop are skipped.
    func collectBoardStopTimes(_ db: Connection) throws -> (rows: Int, kept: Int) {
        guard let table = try open("stop_times.txt") else { return (0, 0) }
        let trip = try table.required("trip_id"), stop = try table.required("stop_id")
        let sequence = try table.required("stop_sequence"), departure = try table.required("departure_time")
        let arrival = table.optional("arrival_time"), headsign = table.optional("stop_headsign")
        let pickup = table.optional("pickup_type"), timepoint = table.optional("timepoint")
        let window = table.optional("start_pickup_drop_off_window")
        let flexLocations = [table.optional("location_group_id"), table.optional("location_id")]
        let statement = try db.prepare(
            """
            INSERT INTO stop_times (trip_id, stop_id, stop_sequence, departure_secs, arrival_secs, stop_headsign,
                estimated, drop_off_only) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """)
        // Most rows are at other stops: checked from their bytes, never read as text.
        let filter = BoardRowFilter(
            trip: trip, stop: stop, sequence: sequence, departure: departure, arrival: arrival,
            stops: filtersRowsByBytes ? ASCIIIDSet(boardStops) : nil)
        var kept = 0
        while try table.next(unless: { filter.skips($0) }) {
            let tripID = try table.text(trip, "trip_id"), stopID = table[stop]
            let stopSequence = try table.wholeNumber(sequence, "stop_sequence")
            let arrivalSecs = try table.time(arrival, "arrival_time")
            let departureSecs = try table.time(departure, "departure_time")
            if stopID.isEmpty {
                guard flexLocations.contains(where: { table[$0] != nil }) else { throw table.fail("stop_id", "is empty") }
                continue
            }
            guard boardStops.contains(stopID), table[window] == nil else { continue }
            let pickupType = try table.optionalWholeNumber(pickup, "pickup_type") ?? 0
            guard pickupType <= 3 else { throw table.fail("pickup_type", "'\(pickupType)' is not 0, 1, 2 or 3") }
            let exact = try table.optionalWholeNumber(timepoint, "timepoint") ?? 1
            guard exact <= 1 else { throw table.fail("timepoint", "'\(exact)' is not 0 or 1") }
            keptTrips.insert(tripID)
            kept += 1
            // A drop-off-only call shows when the vehicle arrives; others when it leaves.
            let dropOffOnly = pickupType == 1
            let shown = dropOffOnly ? arrivalSecs ?? departureSecs : departureSecs ?? arrivalSecs
            let arrives = arrivalSecs ?? departureSecs, stopHeadsign = table[headsign]
            try insert(from: table, key: "(trip_id, stop_sequence) = ('\(tripID)', \(stopSequence))") {
                try statement.execute(tripID, stopID, stopSequence, shown, arrives, stopHeadsign, exact == 0, dropOffOnly)
            }
        }
        return (table.rows, kept)
    }

    /// Second pass: every stop of the kept trips with its times and distance, and each
    /// trip's first timed and last stop.
    func collectTripStops(_ db: Connection) throws -> Int {
        let table = try reopen("stop_times.txt")
        let trip = try table.required("trip_id"), stop = try table.required("stop_id")
        let sequence = try table.required("stop_sequence"), departure = try table.required("departure_time")
        let arrival = table.optional("arrival_time"), distance = table.optional("shape_dist_traveled")
        let statement = try db.prepare(
            """
            INSERT INTO trip_stops (trip_id, stop_id, stop_sequence, departure_secs, arrival_secs, shape_dist)
            VALUES (?, ?, ?, ?, ?, ?)
            """)
        let filter = TripRowFilter(trip: trip, trips: filtersRowsByBytes ? ASCIIIDSet(keptTrips) : nil)
        var kept = 0
        while try table.next(unless: { filter.skips($0) }) {
            let tripID = table[trip]
            guard keptTrips.contains(tripID) else { continue }
            let stopID = table[stop]
            guard !stopID.isEmpty else { continue }  // a Flex location, checked in the first pass
            let stopSequence = try table.wholeNumber(sequence, "stop_sequence")
            let departureSecs = try table.time(departure, "departure_time"), arrivalSecs = try table.time(arrival, "arrival_time")
            let secs = departureSecs ?? arrivalSecs
            var shape = tripShape[tripID] ?? TripShape()
            if let secs, stopSequence < shape.firstSequence { (shape.firstSequence, shape.firstSecs) = (stopSequence, secs) }
            if stopSequence > shape.lastSequence { (shape.lastSequence, shape.lastStopID) = (stopSequence, stopID) }
            shape.calls += 1
            tripShape[tripID] = shape
            tripStopIDs.insert(stopID)
            kept += 1
            let arrives = arrivalSecs ?? departureSecs, shapeDistance = try table.optionalDistance(distance, "shape_dist_traveled")
            try insert(from: table, key: "(trip_id, stop_sequence) = ('\(tripID)', \(stopSequence))") {
                try statement.execute(tripID, stopID, stopSequence, secs, arrives, shapeDistance)
            }
        }
        return kept
    }

    /// Times the untimed board calls from their trips' timed stops, then marks each trip's
    /// last call (its highest stop_sequence) drop-off-only: a vehicle at its terminus takes
    /// no one further. A loop trip's first call stays a departure. A trip of one call keeps
    /// it as a departure, having nowhere it arrives from.
    func finishBoardCalls(_ db: Connection) throws -> (interpolated: Int, unplaced: Int) {
        var interpolated = 0, unplaced = 0
        let untimed = try db.fetchAll("SELECT trip_id, stop_sequence FROM stop_times WHERE departure_secs IS NULL") { row in
            (tripID: row[0] as String, stopSequence: row[1] as Int)
        }
        let update = try db.prepare(
            """
            UPDATE stop_times SET departure_secs = :secs, arrival_secs = :secs, estimated = 1
            WHERE trip_id = :trip AND stop_sequence = :sequence
            """)
        let calls = try db.prepare(
            """
            SELECT stop_sequence, departure_secs, arrival_secs, shape_dist FROM trip_stops
            WHERE trip_id = ? ORDER BY stop_sequence
            """)
        for (tripID, stopSequence) in untimed {
            calls.reset()
            try calls.bind(tripID)
            var sequences: [Int] = [], times: [StopTimeInterpolation.Call] = []
            while try calls.step() {
                sequences.append(calls[0])
                times.append(.init(leave: calls[1], reach: calls[2], distance: calls[3]))
            }
            guard let index = sequences.firstIndex(of: stopSequence),
                let secs = StopTimeInterpolation.secs(at: index, in: times)
            else {
                unplaced += 1
                continue
            }
            update.reset()
            try update.bind(secs, name: ":secs")
            try update.bind(tripID, name: ":trip")
            try update.bind(stopSequence, name: ":sequence")
            while try update.step() {}
            interpolated += 1
        }
        let last = try db.prepare(
            """
            UPDATE stop_times SET drop_off_only = 1, departure_secs = COALESCE(arrival_secs, departure_secs)
            WHERE trip_id = ? AND stop_sequence = ?
            """)
        for (tripID, shape) in tripShape where shape.calls > 1 {
            try last.execute(tripID, shape.lastSequence)
        }
        return (interpolated, unplaced)
    }
}
