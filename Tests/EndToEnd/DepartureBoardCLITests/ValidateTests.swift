import Foundation
import Testing

struct ValidateTests {
    @Test func everyShippedBoardIsValid() async throws {
        let boards = try FileManager.default.contentsOfDirectory(atPath: CLI.packageRoot.appendingPathComponent("Boards").path)
            .filter { $0.hasSuffix(".yaml") }.sorted().map { "Boards/" + $0 }
        #expect(!boards.isEmpty)
        let run = try await CLI.run(["validate"] + boards)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == boards.map { "\($0): ok\n" }.joined())
    }

    @Test func aBrokenBoardNamesFileLineAndKeyAndExits78() async throws {
        let scratch = try ScratchDirectory()
        let good = try scratch.write("good.yaml", "source:\n  kind: demo\n")
        let bad = try scratch.write("bad.yaml", "name: Test\ntimezone: Australia/Sydny\nsource:\n  kind: demo\n")
        let run = try await CLI.run(["validate", good, bad])
        #expect(run.status == 78)
        #expect(run.stdout == "\(good): ok\n")
        #expect(run.stderr.contains("\(bad):2:"), "\(run.stderr)")
        #expect(run.stderr.contains("timezone"), "\(run.stderr)")
        #expect(run.stderr.contains("Australia/Sydny"), "\(run.stderr)")
    }
}

struct ValidateFontTests {
    @Test func aMissingFontIsFoundByValidate() async throws {
        let scratch = try ScratchDirectory()
        let board = try scratch.write("f.yaml", "source:\n  kind: demo\ndisplay:\n  font: board-9x18\n")
        let broken = try scratch.write(
            "broken.bdf",
            "STARTFONT 2.1\nFONT x\nSIZE 8 75 75\nFONTBOUNDINGBOX 5 7 0 0\nCHARS 1\nSTARTCHAR A\nENCODING 65\nBBX 5 7 0\nENDFONT\n")
        let second = try scratch.write("g.yaml", "source:\n  kind: demo\ndisplay:\n  font: broken.bdf\n")
        let run = try await CLI.run(["validate", board, second])
        #expect(run.status == 78)
        // Placed at the `font:` value like every other key's error.
        #expect(run.stderr.contains("\(board):4:9: display.font: no bundled font 'board-9x18'"), "\(run.stderr)")
        #expect(run.stderr.contains("\(broken):8: BBX"), "names the font file and line: \(run.stderr)")
    }
}
