import Foundation
import LoopbackHTTPServer
import Testing

/// `render` end to end through the real binary.
@Suite(.serialized)
struct RenderTests {
    static let now = "2026-11-23T09:30:00+11:00"

    /// Compares with a golden file byte for byte; a mismatch leaves `<name>.actual.<ext>`
    /// beside the golden for inspection.
    func expectGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let golden = CLI.packageRoot.appendingPathComponent("Tests/EndToEnd/DepartureBoardCLITests/Golden/\(name)")
        let expected = try String(contentsOf: golden, encoding: .utf8)
        if actual != expected {
            let ext = golden.pathExtension
            let actualURL = golden.deletingPathExtension().appendingPathExtension("actual.\(ext)")
            try actual.write(to: actualURL, atomically: true, encoding: .utf8)
            Issue.record("\(name) differs from its golden file; actual output written to \(actualURL.path)", sourceLocation: sourceLocation)
        }
    }

    @Test func previewBoardJSONMatchesTheGolden() async throws {
        let scratch = try ScratchDirectory()
        let run = try await CLI.run(["render", "--now", Self.now, "--output", scratch.path("state.json")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        try expectGolden(scratch.read("state.json"), "preview-2026-11-23T0930.json")
        let bytes = try scratch.read("state.json").utf8.count
        #expect(
            run.stdout == "wrote \(scratch.path("state.json")): board state as JSON, \(bytes) bytes, ok, 20 rows\n", "says what it wrote")
    }

    @Test func theLayoutJSONOfThePreviewBoardMatchesTheGolden() async throws {
        let scratch = try ScratchDirectory()
        let run = try await CLI.run(["render", "--now", Self.now, "--output", scratch.path("preview.layout.json")])
        #expect(run.status == 0, "\(run.stderr)")
        try expectGolden(scratch.read("preview.layout.json"), "preview-2026-11-23T0930.layout.json")
        #expect(run.stdout.hasPrefix("wrote \(scratch.path("preview.layout.json")): the frame's layout, "), "\(run.stdout)")
        #expect(run.stdout.hasSuffix(" texts, 0 characters without a glyph\n"), "\(run.stdout)")
    }

    @Test func anImageRenderSaysWhatItWrote() async throws {
        let scratch = try ScratchDirectory()
        let run = try await CLI.run(["render", "--now", Self.now, "--output", scratch.path("preview.png")])
        #expect(run.status == 0, "\(run.stderr)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: scratch.path("preview.png"))).count
        #expect(run.stdout == "wrote \(scratch.path("preview.png")): 480×320 PNG, \(bytes) bytes, ok\n", "\(run.stdout)")
    }

    @Test func previewBoardTextMatchesTheGolden() async throws {
        let scratch = try ScratchDirectory()
        let run = try await CLI.run(["render", "--board", "Boards/preview.yaml", "--now", Self.now, "--output", scratch.path("rows.txt")])
        #expect(run.status == 0, "\(run.stderr)")
        try expectGolden(scratch.read("rows.txt"), "preview-2026-11-23T0930.txt")
    }

    @Test func theProcessTimeZoneNeverChangesTheBytes() async throws {
        let scratch = try ScratchDirectory()
        var outputs: [String] = []
        for tz in ["UTC", "America/Los_Angeles", "Asia/Kolkata", "Australia/Sydney"] {
            let name = "state-\(outputs.count).json"
            let run = try await CLI.run(
                ["render", "--now", "2026-10-04T01:50:00", "--output", scratch.path(name)], environment: ["TZ": tz])
            #expect(run.status == 0, "\(run.stderr)")
            outputs.append(try scratch.read(name))
        }
        #expect(Set(outputs).count == 1)
        #expect(outputs.first?.contains(#""now":"2026-10-04T01:50:00+10:00""#) == true)
    }

    @Test func departuresFileReplacesTheSource() async throws {
        let scratch = try ScratchDirectory()
        let data = try scratch.write(
            "departures.json",
            """
            {"data": [
              {"trip_id": "b", "route_short_name": "T4", "headsign": "Cronulla", "scheduled_time_secs": 35100,
               "realtime_time_secs": 35100, "delay_s": 0, "realtime": false},
              {"trip_id": "a", "route_short_name": "T1", "headsign": "Emu Plains", "scheduled_time_secs": 34200,
               "realtime_time_secs": 34500, "delay_s": 300, "realtime": true},
              {"trip_id": "gone", "route_short_name": "T1", "headsign": "Emu Plains", "scheduled_time_secs": 33000,
               "realtime_time_secs": 33000, "delay_s": 0, "realtime": true}
            ]}
            """)
        let run = try await CLI.run(["render", "--departures", data, "--now", Self.now, "--output", scratch.path("state.json")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            try scratch.read("state.json") == """
                {"board":"Central Station","now":"2026-11-23T09:30:00+11:00","timezone":"Australia/Sydney","status":"ok",\
                "message":null,"updated":"2026-11-23T09:30:00+11:00","rows":[\
                {"trip_id":"a","route":"T1","headsign":"Emu Plains","minutes":5,"countdown":"5 min","delay":"+5 min","time":"09:35","realtime":true,\
                "source":"1","walk_s":0,"leave_in_minutes":5},\
                {"trip_id":"b","route":"T4","headsign":"Cronulla","minutes":15,"countdown":"15 min","delay":null,"time":"09:45","realtime":false,\
                "source":"1","walk_s":0,"leave_in_minutes":15}],\
                "sources":[{"label":"1","status":"ok","message":null,"data_age_s":0}]}

                """)
    }

    @Test func aDeparturesFileThatBreaksTheContractIsRejectedWhole() async throws {
        let scratch = try ScratchDirectory()
        let data = try scratch.write(
            "bad.json",
            #"{"data": [{"route_short_name": "T1", "headsign": "H", "scheduled_time_secs": 1, "realtime_time_secs": 1, "delay_s": 0, "realtime": true}]}"#
        )
        let run = try await CLI.run(["render", "--departures", data, "--now", Self.now, "--output", scratch.path("state.json")])
        #expect(run.status == 65)
        #expect(run.stderr.contains("\(data): data[0].trip_id: missing"), "\(run.stderr)")
        #expect(!scratch.exists("state.json"), "nothing is written")
    }

    /// A departures file that is not there is the user's mistake, not a network failure: exit
    /// 66 naming it, and no state written (a board's own `kind: file` source keeps its
    /// stale/error states at run time).
    @Test(arguments: ["/nonexistent/deps.json", "/"])
    func aDeparturesFileThatCannotBeReadExits66AndWritesNothing(path: String) async throws {
        let scratch = try ScratchDirectory()
        let run = try await CLI.run(["render", "--departures", path, "--now", Self.now, "--output", scratch.path("state.json")])
        #expect(run.status == 66)
        let why = path == "/" ? "Is a directory" : "No such file or directory"
        #expect(run.stderr == "departure-board: error: --departures \(path): cannot read: \(why)\n", "\(run.stderr)")
        #expect(!scratch.exists("state.json"), "nothing is written")
    }

    @Test func anAPIAnswerIsRendered() async throws {
        let server = try LoopbackHTTPServer { request in
            request.path == "/api/v1/stops/200060/departures"
                ? .text(
                    #"{"data": [{"trip_id": "x", "route_short_name": "M1", "headsign": "Tallawong", "scheduled_time_secs": 34380, "realtime_time_secs": 34380, "delay_s": 0, "realtime": true}]}"#
                )
                : .text("no", status: 404)
        }
        defer { server.stop() }
        let scratch = try ScratchDirectory()
        let run = try await CLI.run([
            "render", "--api-base", server.baseURL, "--stop", "200060", "--now", Self.now,
            "--output", scratch.path("state.json"),
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let state = try scratch.read("state.json")
        #expect(state.contains(#""status":"ok""#))
        #expect(state.contains(#""route":"M1","headsign":"Tallawong","minutes":3"#))
    }

    @Test func aFailedFetchStillWritesTheErrorState() async throws {
        let server = try LoopbackHTTPServer { _ in .text("boom", status: 500) }
        defer { server.stop() }
        let scratch = try ScratchDirectory()
        let run = try await CLI.run([
            "render", "--api-base", server.baseURL, "--stop", "1", "--now", Self.now,
            "--output", scratch.path("state.json"),
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("HTTP 500"))
        #expect(
            try scratch.read("state.json") == """
                {"board":"Central Station","now":"2026-11-23T09:30:00+11:00","timezone":"Australia/Sydney","status":"error",\
                "message":"Failed to load departures","updated":null,"rows":[],\
                "sources":[{"label":"1","status":"error","message":"Failed to load departures","data_age_s":null}]}

                """)
    }

    @Test(arguments: [
        (["render", "--output", "x.json", "--api-base", "http://127.0.0.1:1"], "--stop"),
        (["render", "--output", "x.json", "--departures", "a.json", "--api-base", "http://h", "--stop", "1"], "--departures"),
        (["render", "--output", "x.json", "--now", "yesterday"], "--now: 'yesterday'"),
        (["render", "--output", "x.bmp"], "x.bmp: '.bmp' is not an output format"),
        (["render"], "--output"),
        (["frobnicate"], "frobnicate"),
    ])
    func usageErrorsExit64(arguments: [String], mention: String) async throws {
        let run = try await CLI.run(arguments)
        #expect(run.status == 64)
        #expect(run.stderr.contains(mention), "\(run.stderr)")
    }

    @Test func anUnwritableOutputIsAnIOError() async throws {
        let run = try await CLI.run(["render", "--now", Self.now, "--output", "/nonexistent-dir/state.json"])
        #expect(run.status == 74)
        #expect(run.stderr.contains("/nonexistent-dir/state.json: cannot create temporary file"), "\(run.stderr)")
    }

    @Test func aMissingBoardFileIsAConfigError() async throws {
        let run = try await CLI.run(["render", "--board", "Boards/nope.yaml", "--output", "x.json"])
        #expect(run.status == 78)
        #expect(run.stderr.contains("Boards/nope.yaml"), "\(run.stderr)")
    }
}

/// `render --scale N`: a preview of a small panel a person can see, every dot kept.
struct RenderScaleTests {
    /// Width and height from a PNG's header.
    static func pngSize(_ bytes: [UInt8]) -> (Int, Int) {
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    @Test func scaleEnlargesImagesByWholePixels() async throws {
        let scratch = try ScratchDirectory()
        let plain = try await CLI.run([
            "render", "--board", "Boards/max7219-led.yaml", "--now", "2026-11-23T09:30:00+11:00",
            "--output", scratch.path("one.png"),
        ])
        #expect(plain.status == 0, "\(plain.stderr)")
        let scaled = try await CLI.run([
            "render", "--board", "Boards/max7219-led.yaml", "--now", "2026-11-23T09:30:00+11:00",
            "--scale", "8", "--output", scratch.path("eight.png"),
        ])
        #expect(scaled.status == 0, "\(scaled.stderr)")
        let one = Self.pngSize(Array(try Data(contentsOf: URL(fileURLWithPath: scratch.path("one.png")))))
        let eight = Self.pngSize(Array(try Data(contentsOf: URL(fileURLWithPath: scratch.path("eight.png")))))
        #expect(eight.0 == one.0 * 8 && eight.1 == one.1 * 8, "\(one) → \(eight)")
        let refused = try await CLI.run(["render", "--scale", "0", "--output", scratch.path("x.png")])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("--scale must be between 1 and 16"), "\(refused.stderr)")
    }
}
