import Foundation
import GTFSFeedBuilder
import GTFSSchedule
import Testing

/// One download holding a zip per mode, as some agencies publish them.
@Suite struct NestedZipTests {
    /// outer.zip holding bus.zip (SmallFeed) and a README, under a folder like real ones.
    func outerZip(in folder: TempFolder) throws -> String {
        let inner = try SmallFeed().zip(in: folder, name: "bus.zip")
        let rail = try SmallFeed().zip(in: folder, name: "rail.zip")
        let outer = folder.path + "/outer.zip"
        try GTFSFeedBuilder.writeZip(
            members: [
                ("README.txt", Array("Bus and rail timetables\n".utf8)),
                ("gtfs/bus.zip", Array(try Data(contentsOf: URL(fileURLWithPath: inner)))),
                ("gtfs/rail.zip", Array(try Data(contentsOf: URL(fileURLWithPath: rail)))),
            ], to: outer, stored: true)
        try FileManager.default.removeItem(atPath: inner)
        try FileManager.default.removeItem(atPath: rail)
        return outer
    }

    @Test func withoutAMemberTheErrorListsTheInnerZips() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let outer = try outerZip(in: folder)
        #expect(
            throws: GTFSImportError(
                file: "",
                message: "no stops.txt, but the zip holds other zips: gtfs/bus.zip, gtfs/rail.zip; "
                    + "name the one to import as the member")
        ) {
            try GTFSImporter(stopIDs: ["CEN"]).importFeed(zipPath: outer, storePath: folder.path + "/s.sqlite")
        }
        #expect(throws: GTFSImportError(file: "tram.zip", message: "no such member in the zip (inner zips: gtfs/bus.zip, gtfs/rail.zip)")) {
            try GTFSImporter(stopIDs: ["CEN"], member: "tram.zip").importFeed(zipPath: outer, storePath: folder.path + "/s.sqlite")
        }
        #expect(folder.contents() == ["outer.zip"])
    }

    @Test func theNamedInnerZipIsImportedAndItsExtractionRemoved() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let outer = try outerZip(in: folder)
        for member in ["gtfs/rail.zip", "bus.zip"] {  // a full path, or the name alone
            let summary = try GTFSImporter(stopIDs: ["CEN"], member: member).importFeed(
                zipPath: outer, storePath: folder.path + "/s.sqlite")
            #expect(summary.trips == 7)
            #expect(folder.contents() == ["outer.zip", "s.sqlite"])
        }
        let store = try GTFSStore(path: folder.path + "/s.sqlite")
        #expect(try store.scheduledDepartures(stopIDs: ["CEN"], at: Sydney.at(2026, 4, 14, 0, 30)).map(\.tripID) == ["T_LATE"])
    }

    @Test func errorsInsideTheInnerZipNameIt() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        var feed = SmallFeed()
        feed.files["trips.txt"] = nil
        let inner = try feed.zip(in: folder, name: "bus.zip")
        try GTFSFeedBuilder.writeZip(
            members: [("bus.zip", Array(try Data(contentsOf: URL(fileURLWithPath: inner))))], to: folder.path + "/outer.zip")
        #expect(throws: GTFSImportError(file: "bus.zip/trips.txt", message: "required file missing from the zip")) {
            try GTFSImporter(stopIDs: ["CEN"], member: "bus.zip").importFeed(
                zipPath: folder.path + "/outer.zip", storePath: folder.path + "/s.sqlite")
        }
    }
}

extension NestedZipTests {
    @Test func stopFinderReadsTheNamedInnerZip() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let outer = try outerZip(in: folder)
        let found = try GTFSStopFinder.search(zipPath: outer, member: "rail.zip", name: "central platform", temporaryDirectory: folder.path)
        #expect(found.map(\.stopID) == ["CEN1", "CEN2"])
        #expect(found.map(\.parentStationName) == ["Central", "Central"])
        #expect(throws: GTFSImportError.self) {
            try GTFSStopFinder.search(zipPath: outer, name: "central", temporaryDirectory: folder.path)
        }
        #expect(folder.contents() == ["outer.zip"])
    }
}
