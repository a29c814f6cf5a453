import Testing
@testable import BoardConfig

/// Hub files: the stops a hub serves, each with a board's `source:` section.
struct HubFileTests {
    let hubLoader = HubFileLoader(zoneExists: { knownZones.contains($0) })

    func hubError(_ text: String) -> BoardFileError? {
        do {
            _ = try hubLoader.parse(text, path: "hub.yaml")
            return nil
        } catch {
            return error
        }
    }

    @Test func aHubFileGivesEachStopABoardWithItsSource() throws {
        let hub = try hubLoader.parse(
            """
            listen: 127.0.0.1:0
            max_age: 10s
            stops:
              - id: central
                timezone: Europe/London
                source: {kind: api, base_url: "http://upstream:8080", stop_id: "200060", refresh_interval: 20s}
                departures: {limit: 12}
              - id: demo
                source: {kind: demo}
              - id: saved
                source: {kind: file, path: data/saved.json}
            """, path: "/etc/hub/hub.yaml")
        #expect(hub.server.listen == ListenAddress(host: "127.0.0.1", port: 0))
        #expect(hub.server.token == nil)
        #expect(hub.maxAge == .seconds(10))
        #expect(hub.stops.map(\.id) == ["central", "demo", "saved"])
        let central = hub.stops[0]
        #expect(central.board.name == "central")
        #expect(central.board.timezone == "Europe/London")
        #expect(central.board.source.kind == .api)
        #expect(central.board.source.stopID == "200060")
        #expect(central.board.source.refreshInterval == .seconds(20))
        #expect(central.limit == 12)
        #expect(hub.stops[1].limit == nil, "without departures.limit the hub serves all the source returns")
        #expect(hub.stops[1].board.timezone == BoardFile.defaultTimezone)
        #expect(hub.stops[2].board.source.kindSettings == .file(path: "/etc/hub/data/saved.json"), "paths resolve beside the hub file")
    }

    @Test func whereTheRiderStandsIsTheSignsToSay() {
        let error = hubError("stops: [{id: a, source: {kind: demo, walk: 3m}}]\n")
        #expect(
            error?.description.hasPrefix("hub.yaml:1:38: stops[0].source.walk: belongs in the sign's board file") == true,
            "\(String(describing: error))")
    }

    @Test func aStopOfSeveralSourcesIsOneStream() throws {
        let hub = try hubLoader.parse(
            """
            stops:
              - id: corner
                sources:
                  - {kind: api, base_url: "https://bus.example", stop_id: "1", refresh_interval: 20s}
                  - {kind: gtfs, stop_ids: ["2"], stale_limit: 30m}
            """, path: "/srv/hub.yaml")
        #expect(hub.stops[0].board.sources.map(\.kind) == [.api, .gtfs])
        #expect(hub.stops[0].board.sources[1].gtfs?.storePath == "/srv/hub.corner.gtfs.sqlite")
        let error = hubError("stops: [{id: a, sources: [{kind: demo}, {kind: demo, label: Tram}]}]\n")
        #expect(
            error?.description.hasPrefix("hub.yaml:1:54: stops[0].sources[1].label: belongs in the sign's board file") == true,
            "\(String(describing: error))")
    }

    @Test func defaultsListenOnLoopbackPort8090() throws {
        let hub = try hubLoader.parse("stops: [{id: a, source: {kind: demo}}]", path: "hub.yaml")
        #expect(hub.server.listen == HubFile.defaultListen)
        #expect(hub.maxAge == nil)
    }

    @Test func eachGTFSStopGetsItsOwnDefaultStore() throws {
        let hub = try hubLoader.parse(
            """
            stops:
              - {id: a, timezone: UTC, source: {kind: gtfs, stop_ids: ["1"]}}
              - {id: b, timezone: UTC, source: {kind: gtfs, stop_ids: ["2"]}}
            """, path: "/srv/hub.yaml")
        #expect(hub.stops.map { $0.board.source.gtfs?.storePath } == ["/srv/hub.a.gtfs.sqlite", "/srv/hub.b.gtfs.sqlite"])
    }

    @Test func stopsAreRequired() {
        #expect(
            hubError("listen: 127.0.0.1:8090\n")?.description
                == "hub.yaml:1:1: stops: required: a list of stops, each with an id and a source, such as [{id: central, source: {kind: demo}}]"
        )
        #expect(
            hubError("stops: []\n")?.description
                == "hub.yaml:1:8: stops: must list at least one stop, such as [{id: central, source: {kind: demo}}]")
        #expect(
            hubError("stops: {id: a}\n")?.description
                == "hub.yaml:1:8: stops: expected a list such as [{id: central, source: {kind: demo}}]; got a mapping")
    }

    @Test func duplicateStopIdsNameBothLines() {
        let error = hubError(
            """
            stops:
              - id: central
                source: {kind: demo}
              - id: central
                source: {kind: demo}
            """)
        #expect(error?.description == "hub.yaml:4:9: stops[1].id: duplicate stop id 'central': already used on line 2")
    }

    @Test func aStopNeedsAnIdAndASource() {
        #expect(
            hubError("stops: [{source: {kind: demo}}]")?.description
                == "hub.yaml:1:9: stops[0].id: required: the stop's {stopId} in /api/v1/stops/{stopId}/departures")
        // Any text is an id (it is percent-encoded as one path segment), but not a control character.
        #expect(hubError("stops: [{id: a/b c, source: {kind: demo}}]") == nil)
        #expect(hubError("stops: [{id: \"a\\tb\", source: {kind: demo}}]")?.key == "stops[0].id")
        #expect(hubError("stops: [{id: .., source: {kind: demo}}]")?.message.contains("'.' or '..'") == true)
        #expect(hubError("stops: [{id: a}]")?.description.hasPrefix("hub.yaml:1:9: stops[0].source: required") == true)
    }

    @Test func sourceErrorsAreTheBoardFilesWithTheStopsPath() {
        #expect(
            hubError("stops: [{id: a, source: {kind: http}}]")?.description
                == "hub.yaml:1:32: stops[0].source.kind: expected one of demo, api, file, gtfs, onebusaway, siri, json; got 'http'")
        #expect(hubError("stops: [{id: a, source: {kind: api, stop_id: x}}]")?.key == "stops[0].source.base_url")
        #expect(
            hubError("stops: [{id: a, timezone: Mars/Olympus, source: {kind: demo}}]")?.description
                == "hub.yaml:1:27: stops[0].timezone: unknown time zone 'Mars/Olympus'")
    }

    @Test func unknownKeysGetSuggestions() {
        #expect(
            hubError("listen: 127.0.0.1:8090\nmaxage: 5s\nstops: [{id: a, source: {kind: demo}}]")?.description
                == "hub.yaml:2:1: maxage: unknown key; did you mean 'max_age'?")
        #expect(
            hubError("stops: [{id: a, sorce: {kind: demo}}]")?.description
                == "hub.yaml:1:17: stops[0].sorce: unknown key; did you mean 'source'?")
    }

    @Test func aNonLoopbackListenNeedsAToken() {
        let error = hubError("listen: 0.0.0.0:8090\nstops: [{id: a, source: {kind: demo}}]")
        #expect(error?.key == "token_env")
        #expect(error?.line == 1)
        #expect(
            error?.message.hasPrefix("required when listen is not a loopback address (0.0.0.0:8090): the hub serves every stop") == true)
        let ok = try? hubLoader.parse(
            "listen: 0.0.0.0:8090\ntoken_env: HUB_TOKEN\nstops: [{id: a, source: {kind: demo}}]", path: "hub.yaml")
        #expect(ok?.server.token == .environment("HUB_TOKEN"))
    }

    @Test func aLimitOrBackoffIsCheckedAsOnABoard() {
        #expect(hubError("stops: [{id: a, source: {kind: demo}, departures: {limit: 0}}]")?.key == "stops[0].departures.limit")
        #expect(hubError("stops: [{id: a, source: {kind: demo, refresh_interval: 10m}}]")?.key == "stops[0].source.refresh_interval")
    }

    @Test func emptyAndNonMappingFilesSayHubFile() {
        #expect(hubError("")?.description == "hub.yaml: hub file is empty")
        #expect(hubError("a: &x 1\nb: *x\n")?.message.contains("not allowed in hub files") == true)
    }
}
