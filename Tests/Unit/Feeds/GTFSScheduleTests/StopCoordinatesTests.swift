import GTFSSchedule
import Testing

/// Where a board's stop is (brightness that follows the sun takes it from the feed).
@Suite struct StopCoordinatesTests {
    @Test func aStopHasItsOwnPlaceElseItsStations() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        var feed = SmallFeed()
        feed.files["stops.txt"] = feed.files["stops.txt"]!
            .replacing("CEN,Central,1,,-33.88,151.20", with: "CEN,Central,1,,-33.8832,151.2070")
            .replacing("Central Platform 1,0,CEN,-33.88,151.20", with: "Central Platform 1,0,CEN,-33.8840, 151.2061 ")
            .replacing("Central Platform 2,0,CEN,-33.88,151.20", with: "Central Platform 2,0,CEN,,")
            .replacing("AIR,Airport,0,,-33.94,151.17", with: "AIR,Airport,0,,-133.94,151.17")
        let store = try feed.store(in: folder)
        #expect(store.coordinates(stopID: "CEN1").map { [$0.latitude, $0.longitude] } == [-33.8840, 151.2061])
        // No coordinates of its own: its station's.
        #expect(store.coordinates(stopID: "CEN2").map { [$0.latitude, $0.longitude] } == [-33.8832, 151.2070])
        // Off the globe: no place at all, rather than the sun of somewhere else.
        #expect(store.stopName(stopID: "AIR") == "Airport")
        #expect(store.coordinates(stopID: "AIR") == nil)
        #expect(store.coordinates(stopID: "NOWHERE") == nil)
    }
}
