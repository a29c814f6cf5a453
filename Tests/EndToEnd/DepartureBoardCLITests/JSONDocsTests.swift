import Foundation
import LoopbackHTTPServer
import Testing

/// The board reference's `kind: json` examples (Boards/docs/source-json.md) are what users
/// copy to adapt their agency: each board, served the answer printed beside it, must draw the
/// rows printed after it, at the `--now` its command line names.
struct JSONDocsTests {
    struct Example {
        var board: String
        var answer: String
        var rows: String
        var now: String
    }

    static func examples() throws -> [Example] {
        let page = try String(contentsOf: CLI.packageRoot.appendingPathComponent("Boards/docs/source-json.md"), encoding: .utf8)
        let start = try #require(page.range(of: "# JSON boards"))
        let rest = page[start.upperBound...]
        let section = String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
        // The fenced blocks in order, with the text before each.
        var blocks: [(language: String, body: String, before: String)] = []
        var cursor = section.startIndex
        while let open = section.range(of: "```", range: cursor..<section.endIndex) {
            let lineEnd = section[open.upperBound...].firstIndex(of: "\n") ?? section.endIndex
            let language = String(section[open.upperBound..<lineEnd])
            guard let close = section.range(of: "\n```", range: lineEnd..<section.endIndex) else { break }
            blocks.append(
                (
                    language, String(section[section.index(after: lineEnd)..<close.lowerBound]) + "\n",
                    String(section[cursor..<open.lowerBound])
                ))
            cursor = section.index(close.upperBound, offsetBy: 0)
            cursor = section[cursor...].firstIndex(of: "\n") ?? section.endIndex
        }
        var examples: [Example] = []
        var index = 0
        while index + 2 < blocks.count {
            guard blocks[index].language == "yaml", blocks[index + 1].language == "json", blocks[index + 2].language == "text" else {
                index += 1
                continue
            }
            let command = blocks[index + 2].before
            let now = try #require(command.range(of: "--now ").map { String(command[$0.upperBound...].prefix { $0 != " " }) })
            examples.append(Example(board: blocks[index].body, answer: blocks[index + 1].body, rows: blocks[index + 2].body, now: now))
            index += 3
        }
        return examples
    }

    @Test func everyExampleDrawsTheRowsPrintedBesideIt() async throws {
        let examples = try Self.examples()
        #expect(examples.count == 5)
        for example in examples {
            let server = try LoopbackHTTPServer { _ in .text(example.answer, contentType: "application/json") }
            defer { server.stop() }
            // The agency's host becomes the loopback server; every key variable is set.
            let board = example.board.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
                guard let url = line.range(of: "url: https://") else { return String(line) }
                let path = line[url.upperBound...].drop { $0 != "/" }
                return line[..<url.lowerBound] + "url: " + server.baseURL + path
            }.joined(separator: "\n")
            let keys = board.split(separator: "\n").compactMap { line -> (String, String)? in
                guard let range = line.range(of: "api_key_env: ") else { return nil }
                return (String(line[range.upperBound...].prefix { !$0.isWhitespace }), "TEST")
            }
            let scratch = try ScratchDirectory()
            let file = try scratch.write("board.yaml", board)
            let run = try await CLI.run(
                ["render", "--board", file, "--now", example.now, "--output", scratch.path("rows.txt")],
                environment: Dictionary(uniqueKeysWithValues: keys))
            #expect(run.status == 0, "\(run.stderr)")
            #expect(try scratch.read("rows.txt") == example.rows, "\(example.now)")
            #expect(server.requests.count == 1)
        }
    }
}
