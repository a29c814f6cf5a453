import DeparturesCore
import GTFSRealtime
import GTFSSchedule

extension GTFSDeparturesRepository {
    /// The rows with their vehicles' crowding and their alerts, from the feeds that are
    /// fresh (`isFresh`): a stale or failing feed only leaves out what it would have added.
    func annotated(
        _ departures: [Departure], scheduled: [ScheduledDeparture], store: GTFSStore, texts: GTFSTranslations,
        isFresh: (TransitRealtime_FeedMessage) -> Bool
    ) -> SourceAnswer {
        func fresh(_ polling: RealtimeFeed) -> TransitRealtime_FeedMessage? {
            polling.value.flatMap { isFresh($0) ? $0 : nil }
        }
        let tripFeed = fresh(realtime)
        // The dedicated feed first: a combined feed's copy of the same alert or vehicle gives way.
        let alertFeeds = [fresh(alertsPolling), tripFeed].compactMap { $0 }
        let vehicleFeeds = [fresh(vehiclesPolling), tripFeed].compactMap { $0 }
        let hasAlerts = alertFeeds.contains { $0.entity.contains(where: \.hasAlert) }
        let crowding = VehicleCrowding(vehicleFeeds)
        guard hasAlerts || !crowding.isEmpty else { return SourceAnswer(departures: departures) }

        let stops = boardStops(store)
        let parents = store.parentStations(of: stops.union(scheduled.map(\.stopID)))
        let identities = RowIdentity.of(
            departures, scheduled: scheduled, parents: parents,
            tripStarts: store.tripStartSecs(Set(scheduled.map(\.tripID))), tripFeed: tripFeed,
            boardStops: stops)
        let rows = crowding.applied(to: departures, identities: identities)
        guard hasAlerts else { return SourceAnswer(departures: rows) }
        let filter = settings.filter
        let routes = store.routeFacts().filter { filter.accepts(routeID: $0.routeID, shortName: $0.label) }.map { route in
            // Alerts name a route as its rows do: in the board's language.
            guard !texts.isEmpty, let label = store.routeLabel(routeID: route.routeID, translations: texts) else { return route }
            var named = route
            named.label = label
            return named
        }
        let board = AlertBoard(routes: routes, stopIDs: stops.union(parents.values), rows: identities)
        let alerts = ServiceAlertReading.read(alertFeeds, language: settings.language, board: board)
        return SourceAnswer(departures: alerts.marked(rows, identities: identities), alerts: alerts.alerts)
    }
}
