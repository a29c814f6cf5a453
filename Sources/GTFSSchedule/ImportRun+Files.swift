import GRDB

/// One method per GTFS file, in the order `ImportRun.load` calls them.
extension ImportRun {
    func readAgency() throws {
        guard let table = try open("agency.txt") else { return }
        let zone = try table.required("agency_timezone")
        guard try table.next() else { throw GTFSImportError(file: "agency.txt", message: "no agency rows") }
        agencyTimezone = try table.text(zone, "agency_timezone")
    }

    /// The requested stops and the children of requested stations.
    func findBoardStops() throws {
        guard let table = try open("stops.txt") else { return }
        let id = try table.required("stop_id")
        let parent = table.optional("parent_station")
        var found: Set<String> = []
        while try table.next() {
            let stopID = try table.text(id, "stop_id")
            let parentID = table[parent]
            if requested.contains(stopID) {
                found.insert(stopID)
                boardStops.insert(stopID)
                if let parentID { boardParents.insert(parentID) }
            } else if let parentID, requested.contains(parentID) {
                boardStops.insert(stopID)
            }
        }
        if let missing = requested.subtracting(found).sorted().first {
            throw GTFSImportError(file: "stops.txt", message: "no stop with stop_id '\(missing)'")
        }
    }

    /// First pass over stop_times.txt: validates every row, keeps the rows at board stops
    /// and notes their trips.
    func collectBoardStopTimes(_ db: Database) throws -> (rows: Int, kept: Int) {
        guard let table = try open("stop_times.txt") else { return (0, 0) }
        let trip = try table.required("trip_id"), stop = try table.required("stop_id")
        let sequence = try table.required("stop_sequence"), departure = try table.required("departure_time")
        let arrival = table.optional("arrival_time"), headsign = table.optional("stop_headsign")
        let pickup = table.optional("pickup_type"), timepoint = table.optional("timepoint")
        let statement = try db.makeStatement(sql: """
            INSERT INTO stop_times (trip_id, stop_id, stop_sequence, departure_secs, arrival_secs, stop_headsign,
                                    pickup_type, estimated)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """)
        var rows = 0, kept = 0
        while try table.next() {
            rows += 1
            let tripID = try table.text(trip, "trip_id"), stopID = try table.text(stop, "stop_id")
            let stopSequence = try table.wholeNumber(sequence, "stop_sequence")
            let arrivalSecs = try table.time(arrival, "arrival_time")
            let departureSecs = try table.time(departure, "departure_time") ?? arrivalSecs
            guard boardStops.contains(stopID) else { continue }
            let pickupType = try table.optionalWholeNumber(pickup, "pickup_type") ?? 0
            guard (0...3).contains(pickupType) else { throw table.fail("pickup_type", "'\(pickupType)' is not 0, 1, 2 or 3") }
            // timepoint=0: the times are approximate (GTFS reference); no times: interpolated below.
            let approximate = try table.optionalWholeNumber(timepoint, "timepoint") == 0
            if departureSecs == nil { untimedCalls[tripID, default: []].append(stopSequence) }
            keptTrips.insert(tripID)
            kept += 1
            try insert(statement, [tripID, stopID, stopSequence, departureSecs, arrivalSecs, table[headsign], pickupType,
                                   departureSecs == nil || approximate ? 1 : 0],
                       from: table, key: "(trip_id, stop_sequence) = ('\(tripID)', \(stopSequence))")
        }
        return (rows, kept)
    }

    /// Second pass: every stop of the kept trips, with each trip's first and last stop.
    func collectTripStops(_ db: Database) throws -> Int {
        let table = try reopen("stop_times.txt")
        let trip = try table.required("trip_id"), stop = try table.required("stop_id")
        let sequence = try table.required("stop_sequence"), departure = try table.required("departure_time")
        let arrival = table.optional("arrival_time"), distance = table.optional("shape_dist_traveled")
        let statement = try db.makeStatement(sql: "INSERT INTO trip_stops (trip_id, stop_id, stop_sequence) VALUES (?, ?, ?)")
        var kept = 0
        while try table.next() {
            let tripID = table[trip]
            guard keptTrips.contains(tripID) else { continue }
            let stopID = table[stop], stopSequence = try table.wholeNumber(sequence, "stop_sequence")
            let secs = try table.time(departure, "departure_time") ?? table.time(arrival, "arrival_time")
            var shape = tripShape[tripID] ?? TripShape()
            if let secs, stopSequence < shape.firstSequence { (shape.firstSequence, shape.firstSecs) = (stopSequence, secs) }
            if stopSequence > shape.lastSequence { (shape.lastSequence, shape.lastStopID) = (stopSequence, stopID) }
            tripShape[tripID] = shape
            if untimedCalls[tripID] != nil {
                timelines[tripID, default: []].append(TimedCall(sequence: stopSequence, secs: secs,
                                                                distance: table[distance].flatMap(Double.init)))
            }
            tripStopIDs.insert(stopID)
            kept += 1
            try insert(statement, [tripID, stopID, stopSequence], from: table,
                       key: "(trip_id, stop_sequence) = ('\(tripID)', \(stopSequence))")
        }
        return kept
    }

    func storeStops(_ db: Database) throws {
        let table = try reopen("stops.txt")
        let id = try table.required("stop_id")
        let name = table.optional("stop_name"), parent = table.optional("parent_station")
        let platform = table.optional("platform_code")
        let wanted = boardStops.union(boardParents).union(tripStopIDs).union(requested)
        let statement = try db.makeStatement(sql: "INSERT INTO stops (stop_id, name, parent_station, platform_code) VALUES (?, ?, ?, ?)")
        while try table.next() {
            let stopID = table[id]
            guard wanted.contains(stopID) else { continue }
            try insert(statement, [stopID, table[name] ?? "", table[parent], table[platform]], from: table, key: "stop_id '\(stopID)'")
        }
    }

    func storeTrips(_ db: Database) throws {
        guard let table = try open("trips.txt") else { return }
        let id = try table.required("trip_id"), route = try table.required("route_id")
        let service = try table.required("service_id")
        let headsign = table.optional("trip_headsign"), direction = table.optional("direction_id")
        let statement = try db.makeStatement(sql: """
            INSERT INTO trips (trip_id, route_id, service_id, headsign, direction_id, first_secs, last_stop_id, last_sequence)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """)
        var found: Set<String> = []
        while try table.next() {
            let tripID = table[id]
            guard keptTrips.contains(tripID) else { continue }
            let routeID = try table.text(route, "route_id"), serviceID = try table.text(service, "service_id")
            let directionID = try table.optionalWholeNumber(direction, "direction_id")
            let shape = tripShape[tripID] ?? TripShape()
            try insert(statement, [tripID, routeID, serviceID, table[headsign], directionID, shape.firstSecs, shape.lastStopID,
                                   shape.lastSequence == Int.min ? nil : shape.lastSequence],
                       from: table, key: "trip_id '\(tripID)'")
            found.insert(tripID)
            routes.insert(routeID)
            services.insert(serviceID)
        }
        if let missing = keptTrips.subtracting(found).sorted().first {
            throw GTFSImportError(file: "stop_times.txt", message: "trip_id '\(missing)' is not in trips.txt")
        }
    }

    func storeRoutes(_ db: Database) throws {
        guard let table = try open("routes.txt") else { return }
        let id = try table.required("route_id")
        let short = table.optional("route_short_name"), long = table.optional("route_long_name")
        let type = table.optional("route_type"), color = table.optional("route_color")
        let statement = try db.makeStatement(sql: """
            INSERT INTO routes (route_id, short_name, long_name, route_type, color) VALUES (?, ?, ?, ?, ?)
            """)
        var found: Set<String> = []
        while try table.next() {
            let routeID = table[id]
            guard routes.contains(routeID) else { continue }
            let routeType = try table.optionalWholeNumber(type, "route_type")
            try insert(statement, [routeID, table[short], table[long], routeType, table[color]], from: table, key: "route_id '\(routeID)'")
            found.insert(routeID)
        }
        if let missing = routes.subtracting(found).sorted().first {
            throw GTFSImportError(file: "trips.txt", message: "route_id '\(missing)' is not in routes.txt")
        }
    }

    /// calendar.txt and calendar_dates.txt (either may be absent, not both); returns the services found.
    func storeCalendar(_ db: Database) throws -> Int {
        var found: Set<String> = []
        if let table = try open("calendar.txt", required: false) {
            let id = try table.required("service_id")
            let days = try GTFSSchema.weekdayColumns.map { try table.required($0) }
            let start = try table.required("start_date"), end = try table.required("end_date")
            let statement = try db.makeStatement(sql: """
                INSERT INTO calendar (service_id, sunday, monday, tuesday, wednesday, thursday, friday, saturday,
                    start_date, end_date) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            while try table.next() {
                let serviceID = table[id]
                guard services.contains(serviceID) else { continue }
                var values: [(any DatabaseValueConvertible)?] = [serviceID]
                for (index, column) in zip(days, GTFSSchema.weekdayColumns) {
                    let flag = try table.wholeNumber(index, column)
                    guard flag <= 1 else { throw table.fail(column, "'\(flag)' is not 0 or 1") }
                    values.append(flag)
                }
                values.append(try table.date(start, "start_date"))
                values.append(try table.date(end, "end_date"))
                try insert(statement, StatementArguments(values), from: table, key: "service_id '\(serviceID)'")
                found.insert(serviceID)
            }
        }
        if let table = try open("calendar_dates.txt", required: false) {
            let id = try table.required("service_id"), date = try table.required("date")
            let type = try table.required("exception_type")
            let statement = try db.makeStatement(sql: "INSERT INTO calendar_dates (service_id, date, exception_type) VALUES (?, ?, ?)")
            while try table.next() {
                let serviceID = table[id]
                guard services.contains(serviceID) else { continue }
                let day = try table.date(date, "date"), exception = try table.wholeNumber(type, "exception_type")
                guard exception == 1 || exception == 2 else { throw table.fail("exception_type", "'\(exception)' is not 1 or 2") }
                try insert(statement, [serviceID, day, exception], from: table, key: "(service_id, date) = ('\(serviceID)', \(day))")
                found.insert(serviceID)
            }
        }
        return found.count
    }

    func storeFrequencies(_ db: Database) throws -> Int {
        guard let table = try open("frequencies.txt", required: false) else { return 0 }
        let trip = try table.required("trip_id"), start = try table.required("start_time")
        let end = try table.required("end_time"), headway = try table.required("headway_secs")
        let exact = table.optional("exact_times")
        let statement = try db.makeStatement(sql: """
            INSERT INTO frequencies (trip_id, start_secs, end_secs, headway_secs, exact_times) VALUES (?, ?, ?, ?, ?)
            """)
        var kept = 0
        while try table.next() {
            let tripID = table[trip]
            guard keptTrips.contains(tripID) else { continue }
            guard let startSecs = try table.time(start, "start_time") else { throw table.fail("start_time", "is empty") }
            guard let endSecs = try table.time(end, "end_time") else { throw table.fail("end_time", "is empty") }
            let headwaySecs = try table.wholeNumber(headway, "headway_secs")
            guard headwaySecs > 0 else { throw table.fail("headway_secs", "must be more than 0") }
            try statement.execute(arguments: [tripID, startSecs, endSecs, headwaySecs, try table.optionalWholeNumber(exact, "exact_times") ?? 0])
            kept += 1
        }
        return kept
    }
}
