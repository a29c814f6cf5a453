import Foundation
import Testing

/// `validate` checks what `run` will need, not only the file's syntax (issue 18, items 4, 5,
/// 6 and 9), the way a board builder meets it: a board in their own folder, run from there.
struct ValidateChecksTests {
    /// A board outside the checkout, validated from its own folder: the bundled fonts are
    /// found from the program's location, with and without a `font:` key.
    @Test func bundledFontsAreFoundWhereverTheBoardLives() async throws {
        let scratch = try ScratchDirectory()
        let plain = try scratch.write("plain.yaml", "source:\n  kind: demo\n")
        _ = try scratch.write("named.yaml", "source:\n  kind: demo\ndisplay:\n  font: board-8x16\n")
        let run = try await CLI.run(["validate", "plain.yaml", "named.yaml"], in: scratch.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "plain.yaml: ok\nnamed.yaml: ok\n")
        let render = try await CLI.run(["render", "--board", plain, "--output", scratch.path("p.png")], in: scratch.url)
        #expect(render.status == 0, "\(render.stderr)")
    }

    /// Boards that could only ever show an error are not "ok".
    @Test func filesTheBoardNeedsMustExist() async throws {
        let scratch = try ScratchDirectory()
        let key = try scratch.write(
            "key.yaml",
            """
            source:
              kind: api
              base_url: https://api.example.com
              stop_id: central
              api_key_file: secrets/key.txt
            """)
        let file = try scratch.write("file.yaml", "source:\n  kind: file\n  path: deps.json\n")
        let unset = try scratch.write(
            "env.yaml",
            """
            source:
              kind: api
              base_url: https://api.example.com
              stop_id: central
              api_key_env: DEPARTURE_BOARD_TEST_UNSET_KEY
            """)
        let run = try await CLI.run(["validate", key, file, unset], in: scratch.url)
        #expect(run.status == 78, "\(run.stderr)")
        #expect(
            run.stderr.contains("\(key): source.api_key_file: the key file \(scratch.path("secrets/key.txt")) does not exist"),
            "\(run.stderr)")
        #expect(
            run.stderr.contains("\(file): source.path: the departures file \(scratch.path("deps.json")) does not exist"), "\(run.stderr)")
        // An unset variable is only a warning: the service has its own environment.
        #expect(
            run.stderr.contains("warning: \(unset): source.api_key_env: DEPARTURE_BOARD_TEST_UNSET_KEY is not set here"), "\(run.stderr)")
        #expect(run.stdout == "\(unset): ok\n")

        _ = try scratch.write("secrets/key.txt", "k\n")
        _ = try scratch.write("deps.json", "{\"departures\": []}\n")
        let fixed = try await CLI.run(["validate", key, file], in: scratch.url)
        #expect(fixed.status == 0, "\(fixed.stderr)")
    }

    /// A file with several mistakes gets them all in one run, each with its line.
    @Test func everyMistakeInOneRun() async throws {
        let scratch = try ScratchDirectory()
        let board = try scratch.write(
            "b.yaml",
            """
            timezone: Australia/Melborne
            source:
              kind: demo
              refresh_intervall: 30s
            display:
              colors:
                delay: #ff8800
              font: clean.pcf
            """)
        let run = try await CLI.run(["validate", board], in: scratch.url)
        #expect(run.status == 78)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(run.stderr)")
        #expect(lines.allSatisfy { $0.hasPrefix("departure-board: error: \(board):") }, "\(run.stderr)")
        #expect(
            lines[0].contains(":1:11: timezone: unknown time zone 'Australia/Melborne'; did you mean 'Australia/Melbourne'?"),
            "\(run.stderr)")
        #expect(lines[1].contains(":4:3: source.refresh_intervall: unknown key"), "\(run.stderr)")
        #expect(
            lines[2].contains("display.colors.delay: expected a colour; got an empty value. An unquoted # starts a comment"),
            "\(run.stderr)")
        #expect(lines[3].contains(":8:9: display.font: unsupported font format '.pcf'"), "\(run.stderr)")
    }

    /// Settings the display has no room for are warnings, in `validate` and in `run`'s log.
    @Test func settingsThatCannotTakeEffectAreWarnings() async throws {
        let scratch = try ScratchDirectory()
        let rows = try scratch.write("rows.yaml", "source:\n  kind: demo\ndisplay:\n  width: 128\n  height: 64\n  rows: 9\n")
        let header = try scratch.write("header.yaml", "source:\n  kind: demo\ndisplay:\n  width: 128\n  height: 32\n  header: true\n")
        let run = try await CLI.run(["validate", rows, header], in: scratch.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "\(rows): ok\n\(header): ok\n")
        #expect(
            run.stderr.contains(
                "warning: \(rows):6:9: display.rows: 9 rows asked for, but 3 fit under the header on this 64-pixel-high display"),
            "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "warning: \(header):6:11: display.header: no room: the header shows only when two departure rows fit under it"),
            "\(run.stderr)")
        // No warning for what the file did not ask: the default header quietly gives way.
        let quiet = try scratch.write("quiet.yaml", "source:\n  kind: demo\ndisplay:\n  width: 128\n  height: 32\n")
        let plain = try await CLI.run(["validate", quiet], in: scratch.url)
        #expect(plain.stderr.isEmpty, "\(plain.stderr)")
    }

    /// With the system's own tzdata: an abbreviation names the zones that use it.
    @Test func anAbbreviationNamesItsZones() async throws {
        let scratch = try ScratchDirectory()
        let board = try scratch.write("b.yaml", "timezone: AEST\nsource:\n  kind: demo\n")
        let run = try await CLI.run(["validate", board], in: scratch.url)
        #expect(run.status == 78)
        #expect(
            run.stderr.contains("\(board):1:11: timezone: unknown time zone 'AEST': an abbreviation, not a zone; zones that use it: "),
            "\(run.stderr)")
        #expect(
            run.stderr.contains("Australia/Sydney") && run.stderr.contains("Australia/Melbourne") && !run.stderr.contains("Europe/"),
            "\(run.stderr)")
    }
}
