@testable import BoardConfig
import Testing

/// `sources:` is a list of what `source:` is, each with its own label, walk and stale limit.
@Suite struct SourcesSectionTests {
    @Test func aListOfSourcesOfAnyKindKeepsEachOnesSettings() throws {
        let board = try loader.parse(
            """
            sources:
              - kind: api
                base_url: https://bus.example
                stop_id: "200060"
                label: Bus
                walk: 3m
                refresh_interval: 20s
              - kind: gtfs
                store: train.sqlite
                stop_ids: ["2000"]
                label: Train
                walk: 9m
                stale_limit: 30m
            departures:
              unreachable: show

            """, path: "Boards/home.yaml")
        #expect(board.sources.map(\.kind) == [.api, .gtfs])
        #expect(board.sources.map(\.label) == ["Bus", "Train"])
        #expect(board.sources.map(\.walk) == [.seconds(180), .seconds(540)])
        #expect(board.sources.map(\.refreshInterval) == [.seconds(20), .seconds(30)])
        #expect(board.sources.map(\.staleLimit) == [nil, .seconds(1800)])
        #expect(board.sources[1].gtfs?.storePath == "Boards/train.sqlite")
        #expect(board.departures.unreachable == .show)
        #expect(board.source == board.sources[0])
    }

    @Test func oneSourceIsAListOfOne() throws {
        let board = try loader.parse("source: {kind: demo, label: Demo, walk: 90s}\n", path: "b.yaml")
        #expect(board.sources.count == 1 && board.source.label == "Demo" && board.source.walk == .seconds(90))
        #expect(board.departures.unreachable == .hide)
    }

    @Test func theSourceAndLeaveColumnsAndLeaveByAsTheCountdown() throws {
        let board = try loader.parse(
            """
            source: {kind: demo, label: Bus, walk: 3m}
            display:
              columns: [time, countdown, leave, source, route, headsign]
              countdown: leave

            """, path: "b.yaml")
        #expect(board.display.columns == [.route, .headsign, .source, .leave, .countdown, .time])
        #expect(board.display.countdown == .leave)
        #expect(try loader.parse("source: {kind: demo}\n", path: "b.yaml").display.countdown == .departure)
    }

    @Test(
        "mistakes name the source and the key",
        arguments: [
            (
                "source: {kind: demo}\ndisplay: {countdown: leave, columns: [route, headsign, countdown]}\n",
                "b.yaml:2:11: display.countdown: 'leave' shows the moment to leave in the countdown column, beside the departure time: list 'time' in display.columns too"
            ),
            ("source: {kind: demo}\ndisplay: {countdown: soon}\n", "b.yaml:2:22: display.countdown: "),
            (
                "source: {kind: demo}\nsources: [{kind: demo}]\n",
                "b.yaml:2:1: sources: use either source: (one source) or sources: (a list of them), not both"
            ),
            ("sources: []\n", "b.yaml:1:10: sources: needs at least one source"),
            ("sources: {kind: demo}\n", "b.yaml:1:10: sources: expected a list"),
            (
                "sources:\n  - kind: demo\n    label: Tram\n  - kind: demo\n    label: Tram\n",
                "b.yaml:5:12: sources[1].label: 'Tram' is also the label of sources[0]; each source needs its own"
            ),
            ("sources:\n  - kind: demo\n    walk: 2h\n", "b.yaml:3:11: sources[0].walk: "),
            ("sources:\n  - kind: api\n    base_url: https://a.example\n", "b.yaml:2:5: sources[0].stop_id: required when kind is api"),
            ("sources:\n  - kind: demo\n    label: \"\"\n", "b.yaml:3:12: sources[0].label: must not be empty"),
            ("source: {kind: demo}\ndepartures: {unreachable: maybe}\n", "b.yaml:2:27: departures.unreachable: "),
            (
                "sources:\n  - {kind: gtfs, stop_ids: [\"1\"]}\n  - {kind: gtfs, stop_ids: [\"2\"]}\n",
                "b.yaml:3:5: sources[1].store: 'b.gtfs.sqlite' is also the store of sources[0]; give each GTFS source its own store:"
            ),
        ])
    func mistakes(_ text: String, _ message: String) {
        let error = boardError { () throws(BoardFileError) in try loader.parse(text, path: "b.yaml") }
        #expect(error?.description.hasPrefix(message) == true, "\(String(describing: error))")
    }
}
