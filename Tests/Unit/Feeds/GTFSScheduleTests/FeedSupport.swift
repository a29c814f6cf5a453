import DeparturesCore
import Foundation
import GTFSFeedBuilder
import GTFSSchedule
import ZoneInfo

/// Builds `files` into a zip in `folder`, imports it for `stops` and opens the store.
func importedStore(
    _ files: [String: String], stops: Set<String>, in folder: TempFolder,
    importer: GTFSImporter? = nil
) throws -> (GTFSStore, GTFSImportSummary) {
    let zip = folder.path + "/feed.zip", storePath = folder.path + "/board.sqlite"
    try GTFSFeedBuilder.writeZip(files, to: zip)
    var importer = importer ?? GTFSImporter(stopIDs: stops)
    importer.stopIDs = stops
    let summary = try importer.importFeed(zipPath: zip, storePath: storePath)
    return (try GTFSStore(path: storePath), summary)
}

/// Wall clocks and instants in a named zone, for feeds outside Sydney.
struct Zone {
    let rules: TimeZoneRules

    init(_ name: String) throws {
        rules = try TimeZoneRules.load(name)
    }

    func at(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int) -> Date {
        let local = LocalDateTime(date: CivilDate(year: year, month: month, day: day), hour: hour, minute: minute, second: 0)
        return Date(timeIntervalSince1970: Double(rules.unixSeconds(for: local)))
    }

    /// "HH:MM:SS" of the departure's wall clock.
    func clock(_ departure: ScheduledDeparture) -> String {
        let start = ServiceDayCalendar(zone: rules).instant(departure.departureSecs, on: departure.serviceDay)
        return String(rules.localDateTime(atUnixSeconds: start.unixSeconds).description.suffix(8))
    }
}
