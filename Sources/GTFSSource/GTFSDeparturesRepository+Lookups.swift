import GTFSRealtime
import GTFSSchedule

extension GTFSDeparturesRepository {
    /// What the realtime rules may ask the store: names, platforms, whether a trip is known,
    /// and whether an added trip passes the board's own route, headsign and direction filter.
    func lookups(_ store: GTFSStore) -> RealtimeApplier.Lookups {
        let filter = settings.filter
        return RealtimeApplier.Lookups(
            routeLabel: { store.routeLabel(routeID: $0) },
            stopName: { store.stopName($0) },
            platformCode: { store.platformCode(stopID: $0) },
            hasTrip: { store.hasTrip(tripID: $0) },
            showsAddedTrip: { trip in
                filter.accepts(routeID: trip.routeID ?? "", shortName: trip.routeLabel)
                    && filter.accepts(headsign: trip.headsign, directionID: trip.directionID)
            })
    }

    /// The board's stops with the platforms of any that are stations.
    func boardStops(_ store: GTFSStore) -> Set<String> {
        settings.stopIDs.union(store.childStops(of: settings.stopIDs))
    }
}
