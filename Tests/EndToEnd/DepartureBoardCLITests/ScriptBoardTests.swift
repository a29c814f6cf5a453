import Foundation
import Testing

/// The boards in other scripts, through the real binary: each frame is its README preview
/// byte for byte, and its layout says every character had a glyph and which way it reads.
/// The fonts come from Debian (xfonts-wqy, xfonts-unifont), installed by deploy/prepare.sh --tests.
@Suite(.serialized)
struct ScriptBoardTests {
    static let now = "2026-11-23T09:30:00+11:00"
    static let boards: [(name: String, direction: String, headsigns: [String])] = [
        ("tokyo-128x64", "ltr", ["品川・渋谷方面", "高尾", "大宮"]),
        ("tokyo-480x320", "ltr", ["品川・渋谷方面", "高尾", "大宮", "上野・池袋方面", "池袋", "新宿", "横浜", "品川・渋谷方面"]),
        ("jerusalem", "rtl", ["הר הרצל", "התחנה המרכזית"]),
        ("dubai", "rtl", ["دبي مول", "الاتحاد", "مطار دبي", "إكسبو 2020", "القصيص", "الخليج التجاري", "برج خليفة"]),
        ("zurich", "ltr", ["Zürich Flughafen", "Zu\u{0308}rich HB", "Genève-Aéroport"]),
    ]

    struct Text: Decodable {
        var role: String, text: String, shown: String, x: Int, y: Int, width: Int, height: Int, direction: String
        // swift-format-ignore: AlwaysUseLowerCamelCase
        // The layout JSON's own key, decoded as written.
        var missing_glyphs: Int
    }
    struct Layout: Decodable { var width: Int, texts: [Text] }

    @Test(arguments: boards.map(\.name))
    func theFrameIsThePreview(board: String) async throws {
        let scratch = try ScratchDirectory()
        let run = try await CLI.run(["render", "--board", "Boards/\(board).yaml", "--now", Self.now, "--output", scratch.path("frame.png")])
        #expect(run.status == 0, "\(run.stderr)")
        let drawn = try Data(contentsOf: URL(fileURLWithPath: scratch.path("frame.png")))
        let preview = CLI.packageRoot.appendingPathComponent("Boards/\(board).png")
        if drawn != (try Data(contentsOf: preview)) {
            try drawn.write(to: preview.deletingPathExtension().appendingPathExtension("actual.png"))
            Issue.record("Boards/\(board).png differs from the frame drawn; it is written beside it as .actual.png")
        }
    }

    @Test(arguments: boards)
    func everyHeadsignIsWholeReadsItsWayAndHasItsGlyphs(board: (name: String, direction: String, headsigns: [String])) async throws {
        let scratch = try ScratchDirectory()
        let run = try await CLI.run([
            "render", "--board", "Boards/\(board.name).yaml", "--now", Self.now, "--output", scratch.path("l.layout.json"),
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasSuffix(" texts, 0 characters without a glyph\n"), "\(run.stdout)")
        let layout = try JSONDecoder().decode(Layout.self, from: Data(scratch.read("l.layout.json").utf8))
        let headsigns = layout.texts.filter { $0.role == "headsign" }
        #expect(headsigns.map(\.text) == board.headsigns)
        for text in layout.texts { #expect(text.missing_glyphs == 0, "\(text.text)") }
        for headsign in headsigns {
            #expect(headsign.direction == board.direction, "\(headsign.text)")
            #expect(headsign.shown.count >= min(headsign.text.count, 4), "\(headsign.text) shows only '\(headsign.shown)'")
        }
        if board.direction == "rtl" {
            // A right-to-left headsign ends at its column's right edge whatever its length: on
            // rows without a delay all at one x, on a delayed row just before
            // the next text.
            var ends: Set<Int> = []
            for headsign in headsigns {
                let end = headsign.x + headsign.width
                if layout.texts.contains(where: { $0.y == headsign.y && $0.role == "delay" }) {
                    let next = layout.texts.filter { $0.y == headsign.y && $0.x > headsign.x && $0.role != "headsign" }.map(\.x).min() ?? 0
                    #expect(end <= next && end >= next - headsign.height, "\(headsign.text) ends at \(end), the next text at \(next)")
                } else {
                    ends.insert(end)
                }
            }
            #expect(ends.count == 1, "\(ends)")
        }
    }

    static let tokyoDisplay = """
        name: X
        timezone: Asia/Tokyo
        source:
          kind: demo
        display:
          width: 128
          height: 64
          format: mono

        """

    @Test func aMissingOrUnknownFallbackFontIsNamedWithItsLine() async throws {
        let scratch = try ScratchDirectory()
        let missing = try scratch.write("missing.yaml", Self.tokyoDisplay + "  fallback_fonts: [wenquanyi, fonts/none.pcf]\n")
        let run = try await CLI.run(["validate", missing])
        #expect(run.status == 78, "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "missing.yaml:9:19: display.fallback_fonts: cannot read \(scratch.path("fonts/none.pcf")): No such file or directory"),
            "\(run.stderr)")
        let unknown = try scratch.write("unknown.yaml", Self.tokyoDisplay + "  fallback_fonts: [noto.woff2]\n")
        let refused = try await CLI.run(["validate", unknown])
        #expect(refused.status != 0)
        #expect(
            refused.stderr.contains(
                "unknown.yaml:9:20: display.fallback_fonts: expected wenquanyi, unifont, a bundled font name, or a .bdf, .pcf, .pcf.gz, .ttf or .otf file; got 'noto.woff2'"
            ),
            "\(refused.stderr)")
    }

    @Test func noFallbackFontsDrawsTheBoxAndSaysHowMany() async throws {
        let scratch = try ScratchDirectory()
        let board = try scratch.write(
            "none.yaml",
            Self.tokyoDisplay.replacingOccurrences(of: "name: X", with: "name: 東京駅")
                + "  fallback_fonts: []\n")
        let run = try await CLI.run(["render", "--board", board, "--now", Self.now, "--output", scratch.path("l.layout.json")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasSuffix(" texts, 3 characters without a glyph\n"), "\(run.stdout)")
        // A picture says it too, on stderr, as every drawn output does.
        let png = try await CLI.run(["render", "--board", board, "--now", Self.now, "--output", scratch.path("frame.png")])
        #expect(png.status == 0, "\(png.stderr)")
        #expect(
            png.stderr.contains(
                "departure-board: warning: \(board): 3 characters without a glyph in the board's fonts, drawn as boxes"),
            "\(png.stderr)")
        // Rows as JSON draw nothing, load no font and say nothing of boxes.
        let json = try await CLI.run(["render", "--board", board, "--now", Self.now, "--output", scratch.path("state.json")])
        #expect(json.status == 0 && !json.stderr.contains("without a glyph"), "\(json.stderr)")
    }
}
