import Foundation
import GTFSFeedBuilder
import GTFSSchedule
import Testing

/// Finding a board's stop ids in a feed by name or position.
@Suite struct StopFinderTests {
    static let stops: [String: String] = [
        "stops.txt": """
        stop_id,stop_code,stop_name,stop_lat,stop_lon,location_type,parent_station,platform_code
        8503000,,Zürich HB,47.378177,8.540192,1,,
        8503000:0:3,,Zürich HB,47.377,8.539,0,8503000,3
        8503000:0:41/42,,Zürich HB,47.3785,8.5375,0,8503000,41/42
        8503000:E1,,Zürich HB Nord entrance,47.3790,8.5400,2,8503000,
        8591058,,"Zürich, Central",47.376870,8.544096,0,,
        8503006,,Zürich Oerlikon,47.411526,8.544115,1,,
        8591123,,Oerlikon Bahnhof Nord,47.4122,8.5449,0,,
        8507000,,Bern,46.948832,7.439131,1,,
        8506000,,Winterthur,47.500333,8.723822,1,,
        8591382,4711,Stauffacher,47.373,8.528,0,,

        """
    ]

    private func search(name: String? = nil, near: (latitude: Double, longitude: Double)? = nil, limit: Int = 10) throws -> [GTFSStopMatch]
    {
        let folder = try TempFolder()
        defer { folder.remove() }
        var files = SmallFeed().files
        files["stops.txt"] = Self.stops["stops.txt"]
        let zip = try SmallFeed(files: files).zip(in: folder)
        let found = try GTFSStopFinder.search(zipPath: zip, name: name, near: near, limit: limit, temporaryDirectory: folder.path)
        #expect(folder.contents() == ["feed.zip"])
        return found
    }

    @Test func nameIgnoresCaseAndAccentsAndRanksWholeNamesFirst() throws {
        let found = try search(name: "zurich hb")
        #expect(found.map(\.stopID) == ["8503000", "8503000:0:3", "8503000:0:41/42"])  // the entrance is not a stop
        #expect(found[0].locationType == 1)
        #expect(found[1].platformCode == "3")
        #expect(found[1].parentStationID == "8503000")
        #expect(found[1].parentStationName == "Zürich HB")
        #expect(found.allSatisfy { $0.distanceMetres == nil })

        // Whole name, then prefix, then a word's start, then inside a word.
        #expect(try search(name: "OERLIKON").map(\.name) == ["Oerlikon Bahnhof Nord", "Zürich Oerlikon"])
        #expect(try search(name: "ZÜRICH", limit: 2).map(\.stopID) == ["8503000", "8503000:0:3"])
        #expect(try search(name: "4711").map(\.stopID) == ["8591382"])  // stop_code
        #expect(try search(name: "Genève").isEmpty)
        // Full-width letters (as East Asian input methods type them) and surrounding tabs and spaces.
        #expect(try search(name: "\t ＺＵＲＩＣＨ　ＨＢ \u{3000}").map(\.stopID) == ["8503000", "8503000:0:3", "8503000:0:41/42"])
    }

    @Test func nearSortsByHaversineDistance() throws {
        // From Zürich Stadelhofen (47.3667, 8.5486).
        let found = try search(near: (47.3667, 8.5486), limit: 3)
        #expect(found.map(\.stopID) == ["8591058", "8503000:0:3", "8503000"])
        let metres = try #require(found.first?.distanceMetres)
        #expect(abs(metres - 1_180.6) < 1, "\(metres)")
        let oerlikon = try search(name: "oerlikon", near: (47.3667, 8.5486))
        #expect(oerlikon.map(\.stopID) == ["8503006", "8591123"])
        // Bern to Zürich HB is about 96 km as the crow flies (95.96 km on the mean-radius sphere).
        let bern = GTFSStopFinder.haversineMetres((46.948832, 7.439131), (47.378177, 8.540192))
        #expect(abs(bern - 95_960) < 50, "\(bern)")
    }
}
