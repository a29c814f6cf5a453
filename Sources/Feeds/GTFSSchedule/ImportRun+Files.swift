import SQLite

/// One method per GTFS file, in the order `ImportRun.load` calls them.
extension ImportRun {
    func readAgency() throws {
        guard let table = try open("agency.txt") else { return }
        let zone = try table.required("agency_timezone")
        let id = table.optional("agency_id")
        guard try table.next() else { throw GTFSImportError(file: table.name, message: "no agency rows") }
        agencyTimezone = try table.text(zone, "agency_timezone")
        // Only for matching service alerts' agency_id: never a reason to refuse a feed.
        repeat {
            if let agency = table[id], agencyIDs.count < 1_000 { agencyIDs.append(agency) }
        } while try table.next()
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
            throw GTFSImportError(file: table.name, message: "no stop with stop_id '\(missing)'", missingStop: missing)
        }
    }

    func storeStops(_ db: Connection) throws {
        let table = try reopen("stops.txt")
        let id = try table.required("stop_id")
        let name = table.optional("stop_name"), parent = table.optional("parent_station")
        let platform = table.optional("platform_code")
        let latitude = table.optional("stop_lat"), longitude = table.optional("stop_lon")
        let wanted = boardStops.union(boardParents).union(tripStopIDs).union(requested)
        storedStops = wanted
        let statement = try db.prepare(
            "INSERT INTO stops (stop_id, name, parent_station, platform_code, latitude, longitude) VALUES (?, ?, ?, ?, ?, ?)")
        while try table.next() {
            let stopID = table[id]
            guard wanted.contains(stopID) else { continue }
            let stopName = table[name] ?? "", parentID = table[parent], platformCode = table[platform]
            // Only a place on Earth is kept: blank or broken coordinates are no place.
            let place = GTFSValues.coordinates(table[latitude], table[longitude])
            try insert(from: table, key: "stop_id '\(stopID)'") {
                try statement.execute(stopID, stopName, parentID, platformCode, place?.latitude, place?.longitude)
            }
        }
    }

    func storeTrips(_ db: Connection) throws {
        guard let table = try open("trips.txt") else { return }
        let id = try table.required("trip_id"), route = try table.required("route_id")
        let service = try table.required("service_id")
        let headsign = table.optional("trip_headsign"), direction = table.optional("direction_id")
        let statement = try db.prepare(
            """
            INSERT INTO trips (trip_id, route_id, service_id, headsign, direction_id, first_secs, last_stop_id)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        var found: Set<String> = []
        while try table.next() {
            let tripID = table[id]
            guard keptTrips.contains(tripID) else { continue }
            let routeID = try table.text(route, "route_id"), serviceID = try table.text(service, "service_id")
            let directionID = try table.optionalWholeNumber(direction, "direction_id")
            let shape = tripShape[tripID] ?? TripShape()
            let tripHeadsign = table[headsign]
            try insert(from: table, key: "trip_id '\(tripID)'") {
                try statement.execute(tripID, routeID, serviceID, tripHeadsign, directionID, shape.firstSecs, shape.lastStopID)
            }
            found.insert(tripID)
            routes.insert(routeID)
            services.insert(serviceID)
        }
        if let missing = keptTrips.subtracting(found).sorted().first {
            throw GTFSImportError(file: feed.prefix + "stop_times.txt", message: "trip_id '\(missing)' is not in trips.txt")
        }
    }

    func storeRoutes(_ db: Connection) throws {
        guard let table = try open("routes.txt") else { return }
        let id = try table.required("route_id")
        let short = table.optional("route_short_name"), long = table.optional("route_long_name")
        let type = table.optional("route_type"), color = table.optional("route_color")
        let textColor = table.optional("route_text_color"), agency = table.optional("agency_id")
        let onlyAgency = agencyIDs.count == 1 ? agencyIDs[0] : nil
        let statement = try db.prepare(
            """
            INSERT INTO routes (route_id, short_name, long_name, route_type, color, text_color, agency_id) VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        var found: Set<String> = []
        while try table.next() {
            let routeID = table[id]
            guard routes.contains(routeID) else { continue }
            let routeType = try table.optionalWholeNumber(type, "route_type")
            // A colour that is not six hex digits is dropped, not an import failure: the badge
            // then takes the board's colour.
            let shortName = table[short], longName = table[long]
            let routeColor = GTFSValues.color(table[color]), routeTextColor = GTFSValues.color(table[textColor])
            let agencyID = table[agency] ?? onlyAgency
            try insert(from: table, key: "route_id '\(routeID)'") {
                try statement.execute(routeID, shortName, longName, routeType, routeColor, routeTextColor, agencyID)
            }
            found.insert(routeID)
        }
        if let missing = routes.subtracting(found).sorted().first {
            throw GTFSImportError(file: feed.prefix + "trips.txt", message: "route_id '\(missing)' is not in routes.txt")
        }
    }

    /// calendar.txt and calendar_dates.txt (either may be absent, not both); returns the services found.
    func storeCalendar(_ db: Connection) throws -> Int {
        var found: Set<String> = []
        if let table = try open("calendar.txt", required: false) {
            let id = try table.required("service_id")
            let days = try GTFSSchema.weekdayColumns.map { try table.required($0) }
            let start = try table.required("start_date"), end = try table.required("end_date")
            let statement = try db.prepare(
                """
                INSERT INTO calendar (service_id, sunday, monday, tuesday, wednesday, thursday, friday, saturday,
                    start_date, end_date) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            while try table.next() {
                let serviceID = table[id]
                guard services.contains(serviceID) else { continue }
                var flags: [Int] = []
                for (index, column) in zip(days, GTFSSchema.weekdayColumns) {
                    let flag = try table.wholeNumber(index, column)
                    guard flag <= 1 else { throw table.fail(column, "'\(flag)' is not 0 or 1") }
                    flags.append(flag)
                }
                let startDate = try table.date(start, "start_date"), endDate = try table.date(end, "end_date")
                if let (first, last) = Self.runningDays(from: startDate, to: endDate, weekdays: flags.map { $0 == 1 }) {
                    noteServiceDays(first, last)
                }
                // Sunday first, as GTFSSchema.weekdayColumns and the column list above.
                try insert(from: table, key: "service_id '\(serviceID)'") {
                    try statement.execute(
                        serviceID, flags[0], flags[1], flags[2], flags[3], flags[4], flags[5], flags[6], startDate, endDate)
                }
                found.insert(serviceID)
            }
        }
        if let table = try open("calendar_dates.txt", required: false) {
            let id = try table.required("service_id"), date = try table.required("date")
            let type = try table.required("exception_type")
            let statement = try db.prepare("INSERT INTO calendar_dates (service_id, date, exception_type) VALUES (?, ?, ?)")
            while try table.next() {
                let serviceID = table[id]
                guard services.contains(serviceID) else { continue }
                let day = try table.date(date, "date"), exception = try table.wholeNumber(type, "exception_type")
                guard exception == 1 || exception == 2 else { throw table.fail("exception_type", "'\(exception)' is not 1 or 2") }
                if exception == 1 { noteServiceDays(day, day) }
                try insert(from: table, key: "(service_id, date) = ('\(serviceID)', \(day))") {
                    try statement.execute(serviceID, day, exception)
                }
                found.insert(serviceID)
            }
        }
        return found.count
    }

    func storeFrequencies(_ db: Connection) throws -> Int {
        guard let table = try open("frequencies.txt", required: false) else { return 0 }
        let trip = try table.required("trip_id"), start = try table.required("start_time")
        let end = try table.required("end_time"), headway = try table.required("headway_secs")
        let exact = table.optional("exact_times")
        let statement = try db.prepare(
            """
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
            try statement.execute(tripID, startSecs, endSecs, headwaySecs, try table.optionalWholeNumber(exact, "exact_times") ?? 0)
            kept += 1
        }
        return kept
    }
}
