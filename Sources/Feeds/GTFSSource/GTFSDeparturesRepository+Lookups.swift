import DeparturesCore
import GTFSRealtime
import GTFSSchedule

extension GTFSDeparturesRepository {
    /// What the realtime rules may ask the store: names, platforms, whether a trip is known,
    /// and whether an added trip passes the board's own route, headsign and direction filter.
    /// Names come in the board's language (`texts`), as the timetable's rows do.
    func lookups(_ store: GTFSStore, _ texts: GTFSTranslations) -> RealtimeApplier.Lookups {
        let filter = settings.filter
        return RealtimeApplier.Lookups(
            routeLabel: { store.routeLabel(routeID: $0, translations: texts) },
            stopName: { store.stopName(stopID: $0, translations: texts) },
            platformCode: { store.platformCode(stopID: $0) },
            hasTrip: { store.hasTrip(tripID: $0) },
            showsAddedTrip: { trip in
                // `routes:` names the feed's own short names; the label may be translated.
                let ownLabel = texts.isEmpty ? nil : trip.routeID.flatMap { store.routeLabel(routeID: $0) }
                return
                    (filter.accepts(routeID: trip.routeID ?? "", shortName: trip.routeLabel)
                    || ownLabel.map { filter.accepts(routeID: trip.routeID ?? "", shortName: $0) } == true)
                    && filter.accepts(headsign: trip.headsign, directionID: trip.directionID)
            })
    }

    /// The board's stops with the platforms of any that are stations.
    func boardStops(_ store: GTFSStore) -> Set<String> {
        settings.stopIDs.union(store.childStops(of: settings.stopIDs))
    }
}

extension GTFSDeparturesRepository {
    /// An empty timetable outside the store's service dates is not "no departures": the
    /// timetable ran out (or has not begun), and riders and the log are told so.
    func checkService(_ store: GTFSStore, now: Date) throws(DeparturesError) {
        let fix =
            settings.schedule == nil
            ? "import a newer feed (departure-board gtfs import)"
            : "the board downloads a newer one from schedule_url when the agency publishes it"
        switch store.serviceCoverage(on: ServiceDayCalendar(zone: settings.zone).localDate(at: now)) {
        case .expired(let last):
            throw .outOfService(
                message: "Timetable expired \(last)",
                detail: "\(settings.storePath) has no service after \(last); \(fix)")
        case .notYetValid(let first):
            throw .outOfService(
                message: "Timetable starts \(first)",
                detail: "\(settings.storePath) has no service before \(first)")
        case .noServiceDays, .current, .endingSoon:
            return
        }
    }
}
