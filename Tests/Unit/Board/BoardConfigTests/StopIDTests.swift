import Testing
@testable import BoardConfig

/// Stop ids as agencies write them (issue 45): any text but empty or with control characters,
/// in every kind's `stop_id` and as a hub's stop id.
struct StopIDTests {
    let hubLoader = HubFileLoader(zoneExists: { knownZones.contains($0) })

    @Test(arguments: [
        "kind: onebusaway\n  base_url: https://oba.example.org",
        "kind: api\n  base_url: https://api.example.org",
        "kind: siri\n  url: https://siri.example.org/sm",
        "kind: json\n  url: https://json.example.org/{stop_id}\n  rows: $[*]\n  fields: {route: $.r, headsign: $.h, departure: $.t}",
    ])
    func anIDWithSpacesAndSlashesIsTaken(source: String) throws {
        for id in ["Lakeside County Transit_404", "Quay 2/North", "a?b#c"] {
            let board = try loader.parse("timezone: UTC\nsource:\n  \(source)\n  stop_id: \"\(id)\"\n", path: "b.yaml")
            #expect(board.source.stopID == id)
        }
    }

    @Test func gtfsIDsKeepInnerSpacesButNotOuterOnes() throws {
        let board = try loader.parse("timezone: UTC\nsource:\n  kind: gtfs\n  stop_ids: [\"Stand A 2\"]\n", path: "g.yaml")
        #expect(board.source.gtfs?.stopIDs == ["Stand A 2"])
        let error = boardError { () throws(BoardFileError) in
            try loader.parse("timezone: UTC\nsource:\n  kind: gtfs\n  stop_ids: [\"Stand A \"]\n", path: "g.yaml")
        }
        #expect(error?.description == "g.yaml:4:14: source.stop_ids: must not have spaces at either end; got 'Stand A '")
    }

    @Test func aHubStopIDWithSpacesAndASlashKeepsItsStoreBesideTheHub() throws {
        let hub = try hubLoader.parse(
            """
            stops:
              - {id: "Quay 2/North", timezone: UTC, source: {kind: gtfs, stop_ids: ["1"]}}
              - {id: "50%", timezone: UTC, source: {kind: gtfs, stop_ids: ["2"]}}
            """, path: "/srv/hub.yaml")
        #expect(hub.stops.map(\.id) == ["Quay 2/North", "50%"])
        #expect(hub.stops.map { $0.board.source.gtfs?.storePath } == ["/srv/hub.Quay 2%2FNorth.gtfs.sqlite", "/srv/hub.50%25.gtfs.sqlite"])
    }
}
