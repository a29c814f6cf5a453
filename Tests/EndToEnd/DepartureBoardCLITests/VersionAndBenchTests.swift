import Foundation
import GTFSFeedBuilder
import Testing

/// `--version` names what a bug report needs; `bench` measures the program as users run it.
@Suite struct VersionAndBenchTests {
    @Test func versionNamesVersionCommitBuildAndMachine() async throws {
        let result = try await CLI.run(["--version"])
        #expect(result.status == 0)
        let line = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        // This checkout is a git repository, so the commit is known (12 hex digits, maybe "-modified").
        let pattern =
            #/^departure-board \d+\.\d+\.\d+ \(commit [0-9a-f]{12}(-modified)?, (debug|release) build, (x86_64|aarch64|armv7) Linux\)$/#
        #expect(line.wholeMatch(of: pattern) != nil, "\(line)")
        let head = try await CLI.run(["rev-parse", "--short=12", "HEAD"], executable: URL(fileURLWithPath: "/usr/bin/git"))
        #expect(line.contains("commit " + head.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    @Test func benchReportsEachChildsPeakMemoryAndFirstFrame() async throws {
        let result = try await CLI.run(["bench", "--frames", "2", "--seconds", "2", "--board", "Boards/ssd1322-spi.yaml"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        for command in ["render", "run"] {
            let line = try #require(lines.first { $0.hasPrefix("\(command) Boards/ssd1322-spi.yaml: ") }, "\(result.stdout)")
            let figures = try #require(
                line.firstMatch(
                    of:
                        #/peak RSS (\d+)\.\d MiB, start-up to first frame (\d+)\.\d ms(, CPU \d+\.\d ms in \d+\.\d s \(\d+\.\d % of a core\))?$/#
                ), "\(line)")
            // A figure for a process that drew a frame (run's READY=1 arrived: not "none"), in megabytes.
            #expect(Int(figures.1)! >= 2, "\(line)")
            _ = figures.2
            // A run's CPU over its life (what a sign costs its Pi while it shows a board).
            #expect((figures.3 != nil) == (command == "run"), "\(line)")
        }
    }

    /// `bench --gtfs-zip`: three imports of the zip in children, their rows a second and peaks.
    @Test func benchTimesAGTFSImport() async throws {
        let scratch = try ScratchDirectory()
        let feed = LargeFeed(stopTimesRows: 20_000)
        try feed.write(to: scratch.path("feed.zip"), folder: scratch.path("members"))
        let stops = ["--gtfs-stop", LargeFeed.stopID(route: 7, index: 10), "--gtfs-stop", LargeFeed.stopID(route: 8, index: 20)]
        let result = try await CLI.run(["bench", "--gtfs-zip", scratch.path("feed.zip")] + stops)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 3, "\(result.stdout)")
        for line in lines {
            let figures = try #require(
                line.wholeMatch(of: #/gtfs import: 20000 stop_times rows in \d+\.\d ms, (\d+) rows/s, peak RSS (\d+)\.\d MiB/#),
                "\(line)")
            #expect(Int(figures.1)! > 0 && Int(figures.2)! >= 2, "\(line)")
        }

        let refused = try await CLI.run(["bench", "--gtfs-zip", scratch.path("feed.zip"), "--gtfs-stop", "NOWHERE"])
        #expect(
            refused.stdout.contains(
                "gtfs import failed (exit 65): departure-board: error: \(scratch.path("feed.zip")): stops.txt: no stop with stop_id 'NOWHERE'"
            ),
            "\(refused.stdout)")
        let alone = try await CLI.run(["bench", "--gtfs-stop", "R7-S10"])
        #expect(alone.status != 0 && alone.stderr.contains("--gtfs-zip and --gtfs-stop go together."), "\(alone.stderr)")
    }
}
