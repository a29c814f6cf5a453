import DeparturesCore
import Foundation
import GTFSRealtime
import GTFSSchedule
import GTFSSource
import LoopbackHTTPServer
import Testing

/// GTFS-Realtime service alerts on a board, end to end: feeds on 127.0.0.1, a real store,
/// the board state's JSON. Each alert is matched to rows by GTFS ids.
@Suite @MainActor struct GTFSAlertsTests {
    typealias C = CentralStation

    @Test func anAlertForOneRouteMarksOnlyThatRoutesRows() async throws {
        let central = try C(
            alerts: C.feed([
                C.alert("t2-trackwork", "Trackwork on the T2", [C.selector(route: "R2")], effect: .reducedService, severity: .warning),
                C.alert("t7-elsewhere", "Trackwork on the T7", [C.selector(route: "R7")]),
            ]))
        defer { central.stop() }
        let repository = central.repository()
        let answer = try await repository.answer()
        #expect(answer.alerts.map(\.id) == ["t2-trackwork"], "an alert for a route the board does not show is not the board's")
        let state = try #require(try await central.states(repository).first)
        #expect(state.tripIDs == ["t1", "t2", "b1", "t3"])
        #expect(state.rowAlerts == ["t1": [], "t2": ["t2-trackwork"], "b1": [], "t3": []])
        let alert = try #require(state.alert("t2-trackwork"))
        #expect(alert["routes"] as? [String] == ["T2"], "routes named as the rows name them")
        #expect(alert["effect"] as? String == "reduced_service")
        #expect(alert["severity"] as? String == "warning")
        #expect(try await repository.departures() == answer.departures, "departures() is the answer's rows")
    }

    /// A lift out of order at platform 2 concerns that platform's rows; an alert for the
    /// whole station concerns every platform's rows, not the bus stand's.
    @Test func aPlatformOfTheStationAndTheStationItselfMarkTheirRows() async throws {
        let central = try C(
            alerts: C.feed([
                C.alert("lift-cen2", "Lift out of order at platform 2", [C.selector(stop: "CEN2")], effect: .accessibilityIssue),
                C.alert("station", "Central: escalators closed", [C.selector(stop: "CEN")]),
                C.alert("north-sydney", "North Sydney: lift out of order", [C.selector(stop: "NTH")]),
            ]))
        defer { central.stop() }
        let state = try #require(try await central.states(central.repository()).first)
        #expect(Set(state.alertIDs) == ["lift-cen2", "station"])
        #expect(state.rowAlerts == ["t1": ["station"], "t2": ["lift-cen2", "station"], "b1": [], "t3": ["station"]])
        #expect(state.alert("lift-cen2")?["stops"] as? [String] == ["CEN2"])
    }

    /// One trip named by trip_id, one by route, direction and start time (as feeds of
    /// frequency-based services name them), one trip the board does not show.
    @Test func aTripAlertMarksThatTripOnly() async throws {
        var byStart = TransitRealtime_TripDescriptor()
        byStart.routeID = "R1"
        byStart.directionID = 0
        byStart.startTime = "09:55:00"
        byStart.startDate = "20261123"
        var byID = TransitRealtime_TripDescriptor()
        byID.tripID = "t1"
        var other = TransitRealtime_TripDescriptor()
        other.tripID = "t99"
        var yesterday = TransitRealtime_TripDescriptor()
        yesterday.tripID = "t2"
        yesterday.startDate = "20261122"
        let central = try C(
            alerts: C.feed([
                C.alert("t1-crowded", "The 09:40 is crowded", [C.selector(trip: byID)]),
                C.alert("t3-short", "The 09:55 runs with four cars", [C.selector(trip: byStart)]),
                C.alert("t99", "Another trip", [C.selector(trip: other)]),
                C.alert("t2-yesterday", "Yesterday's t2", [C.selector(trip: yesterday)]),
            ]))
        defer { central.stop() }
        let repository = central.repository()
        let answer = try await repository.answer()
        #expect(answer.alerts.map(\.id) == ["t1-crowded", "t3-short"])
        #expect(answer.alerts.map(\.trips) == [["t1"], ["t3"]])
        let state = try #require(try await central.states(repository).first)
        #expect(state.rowAlerts == ["t1": ["t1-crowded"], "t2": [], "b1": [], "t3": ["t3-short"]])
    }

    /// The repository hands on an alert outside its period (the core checks periods each
    /// frame): not shown at 09:30, shown at 09:50 inside it, with the row marked then.
    @Test func anAlertOutsideItsPeriodIsShownOnlyInsideIt() async throws {
        let from = C.start.addingTimeInterval(15 * 60), until = C.start.addingTimeInterval(60 * 60)
        let central = try C(
            alerts: C.feed([
                C.alert(
                    "t1-later", "T1: buses replace trains from 09:45", [C.selector(route: "R1")], effect: .detour,
                    from: from, until: until)
            ]))
        defer { central.stop() }
        let repository = central.repository()
        let answer = try await repository.answer()
        #expect(answer.alerts.map(\.id) == ["t1-later"])
        #expect(answer.alerts.first?.periods == [ActivePeriod(start: from, end: until)])
        let states = try await central.states(repository, at: [C.start, C.start.addingTimeInterval(20 * 60)])
        #expect(states[0].alerts.isEmpty && states[0].object["alerts"] == nil)
        #expect(states[0].rowAlerts.values.allSatisfy { $0.isEmpty }, "rows name only alerts in force")
        #expect(states[1].alertIDs == ["t1-later"])
        #expect(states[1].rowAlerts["t3"] == ["t1-later"])
        #expect(states[1].alert("t1-later")?["active_until"] as? String == "2026-11-23T10:30:00+11:00")
    }

    @Test func agencyAndRouteTypeAlertsMarkTheirRoutesRows() async throws {
        let central = try C(
            alerts: C.feed([
                C.alert("buses", "Buses: strike from noon", [C.selector(agency: "BUS")]),
                C.alert("trains", "Trains: reduced timetable", [C.selector(routeType: 2)]),
                C.alert("ferries", "Ferries: high seas", [C.selector(routeType: 4)]),
            ]))
        defer { central.stop() }
        let state = try #require(try await central.states(central.repository()).first)
        #expect(Set(state.alertIDs) == ["buses", "trains"])
        #expect(state.rowAlerts == ["t1": ["trains"], "t2": ["trains"], "b1": ["buses"], "t3": ["trains"]])
    }

    /// One alert in English (untagged), French and German: the board's `language:` picks.
    @Test(
        arguments: [
            ("fr", "Travaux ce week-end"), ("fr-CA", "Travaux ce week-end"), ("FR", "Travaux ce week-end"),
            ("de-CH", "Gleisarbeiten am Wochenende"), ("ja", "Trackwork this weekend"),
            (nil, "Trackwork this weekend"),
        ] as [(String?, String)])
    func theBoardsLanguagePicksTheTranslation(language: String?, header: String) async throws {
        let central = try C(
            alerts: C.feed([
                C.alert(
                    "weekend", "", [C.selector(route: "R1")],
                    texts: [("de", "Gleisarbeiten am Wochenende"), (nil, "Trackwork this weekend"), ("fr", "Travaux ce week-end")])
            ]))
        defer { central.stop() }
        let state = try #require(try await central.states(central.repository(language: language)).first)
        #expect(state.alert("weekend")?["header"] as? String == header)
    }

    /// No service on the 333: severest first on the board, and said in its effect.
    @Test func aNoServiceAlertComesFirst() async throws {
        let central = try C(
            alerts: C.feed([
                C.alert("t1-info", "T1: new timetable from Sunday", [C.selector(route: "R1")], severity: .info),
                C.alert("333-none", "No 333 buses: road closed", [C.selector(route: "R9")], effect: .noService, severity: .severe),
            ]))
        defer { central.stop() }
        let state = try #require(try await central.states(central.repository()).first)
        #expect(state.alertIDs == ["333-none", "t1-info"])
        #expect(state.alert("333-none")?["effect"] as? String == "no_service")
        #expect(state.alert("333-none")?["severity"] as? String == "severe")
        #expect(state.alert("t1-info")?["severity"] as? String == "info")
        #expect(state.rowAlerts["b1"] == ["333-none"])
    }

    /// Feeds that carry alerts beside their TripUpdates (one combined feed): read without an
    /// alerts feed, and the notice line stays what it was.
    @Test func alertsInsideTheTripUpdatesFeedCount() async throws {
        let central = try C(
            tripUpdates: C.feed([
                C.lateT1(),
                C.alert("stand-b", "Stand B moved to Eddy Avenue", [C.selector(stop: "CENB")], effect: .stopMoved),
            ]))
        defer { central.stop() }
        let repository = central.repository(alerts: false)
        let state = try #require(try await central.states(repository).first)
        #expect(state.alertIDs == ["stand-b"])
        #expect(state.rowAlerts == ["t1": [], "t2": [], "b1": ["stand-b"], "t3": []])
        #expect(state.object["notice"] as? String == "Stand B moved to Eddy Avenue")
        #expect(state.row("t1")?["realtime"] as? Bool == true)
    }

    /// A feed of one agency may leave routes' agency_id out: its routes are that agency's,
    /// so an alert naming the agency still finds them.
    @Test func routesWithoutAnAgencyBelongToTheOnlyOne() throws {
        let store = try ImportedStore(RealtimePollingTests.feed)
        defer { store.remove() }
        #expect(
            try GTFSStore(path: store.path).routeFacts()
                == [GTFSStore.RouteFacts(routeID: "R1", label: "T1", routeType: 2, agencyID: "A")])
    }

    /// The same alert in both feeds is one alert (the alerts feed's); a failing alerts feed
    /// keeps the rows and the TripUpdates feed's alerts.
    @Test func aFailingAlertsFeedKeepsTheRows() async throws {
        let central = try C(
            tripUpdates: C.feed([C.lateT1(), C.alert("t2", "T2 delays (copy)", [C.selector(route: "R2")])]),
            alerts: C.feed([C.alert("t2", "T2 delays", [C.selector(route: "R2")])]))
        defer { central.stop() }
        let repository = central.repository()
        let first = try await repository.answer()
        #expect(first.alerts.map(\.header) == ["T2 delays"])

        central.serve("/alerts", nil)
        central.clock.advance(by: .seconds(30))
        let second = try await repository.answer()
        #expect(second.departures.map(\.tripID) == ["t1", "t2", "b1", "t3"])
        #expect(second.departures.first?.isRealtime == true)
        #expect(repository.realtimeErrors.alerts?.contains("503") == true)
    }
}

/// A board's `language:` reaches the timetable's translations: rows, and the routes its
/// alerts name, read the same.
@Suite @MainActor struct GTFSTranslatedRowsTests {
    typealias C = CentralStation

    @Test func rowsAndAlertRoutesInTheBoardsLanguage() async throws {
        var timetable = C.timetable
        timetable["feed_info.txt"] = "feed_publisher_name,feed_publisher_url,feed_lang\nTfNSW,https://example.invalid,en\n"
        timetable["translations.txt"] = """
            table_name,field_name,language,translation,record_id,record_sub_id,field_value
            routes,route_short_name,ja,T2線,R2,,
            trips,trip_headsign,ja,レッピントン,t2,,

            """
        let central = try C(
            alerts: C.feed([C.alert("t2-trackwork", "Trackwork on the T2", [C.selector(route: "R2")])]),
            timetable: timetable)
        defer { central.stop() }
        for (language, route, headsign) in [("ja", "T2線", "レッピントン"), ("fr", "T2", "Leppington"), (nil, "T2", "Leppington")] {
            let repository = central.repository(language: language)
            let row = try #require(try await repository.answer().departures.first { $0.tripID == "t2" })
            #expect(row.routeShortName == route && row.headsign == headsign, "\(language ?? "none")")
            let state = try #require(try await central.states(repository).first)
            #expect(state.alert("t2-trackwork")?["routes"] as? [String] == [route], "\(language ?? "none")")
        }
    }
    /// A trip added by realtime takes its route and last stop's names in the board's
    /// language, and a `routes:` filter naming the feed's own short name still shows it.
    @Test func anAddedTripInTheBoardsLanguage() async throws {
        var timetable = C.timetable
        timetable["translations.txt"] = """
            table_name,field_name,language,translation,record_id,record_sub_id,field_value
            routes,route_short_name,ja,T2線,R2,,
            stops,stop_name,ja,ノースシドニー,NTH,,

            """
        var update = TransitRealtime_TripUpdate()
        update.trip.tripID = "x1"
        update.trip.routeID = "R2"
        update.trip.scheduleRelationship = .added
        for (stop, minutes) in [("CEN2", 20), ("NTH", 28)] {
            var call = TransitRealtime_TripUpdate.StopTimeUpdate()
            call.stopID = stop
            call.departure.time = Int64(C.start.timeIntervalSince1970) + Int64(minutes * 60)
            update.stopTimeUpdate.append(call)
        }
        var entity = TransitRealtime_FeedEntity()
        entity.id = "x1"
        entity.tripUpdate = update
        let central = try C(tripUpdates: C.feed([entity]), timetable: timetable)
        defer { central.stop() }
        let repository = GTFSDeparturesRepository(
            settings: .init(
                storePath: central.store.path, stopIDs: ["CEN", "CENB"], filter: GTFSFilter(routeShortNames: ["T2"]),
                zone: C.zone, tripUpdates: .init(url: central.server.baseURL + "/rt"), language: "ja"),
            clock: central.clock)
        let rows = try await repository.answer().departures
        #expect(rows.map(\.tripID) == ["t2", "x1"])
        let added = try #require(rows.last)
        #expect(added.routeShortName == "T2線")
        #expect(added.headsign == "ノースシドニー")
    }
}
