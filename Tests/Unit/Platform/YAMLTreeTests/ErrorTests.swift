import Testing
import YAMLTree

@Suite struct SyntaxErrorTests {
    @Test func locatedWithWhatLibyamlWasReading() {
        #expect(
            composeError("name: [Central Station\nsource:\n  kind: demo\n")
                == .syntax(
                    problem: "did not find expected ',' or ']'", at: at(2, 7),
                    context: .init(text: "while parsing a flow sequence", mark: at(1, 7))))
        #expect(
            composeError("a: 1\n b: 2\n")
                == .syntax(problem: "mapping values are not allowed in this context", at: at(2, 3), context: nil))
        #expect(
            composeError("a:\n  - x\n  y: 1\n")
                == .syntax(
                    problem: "did not find expected '-' indicator", at: at(3, 3),
                    context: .init(text: "while parsing a block collection", mark: at(2, 3))))
        #expect(
            composeError("a: 1\nb\nc: 2\n")
                == .syntax(
                    problem: "could not find expected ':'", at: at(3, 1),
                    context: .init(text: "while scanning a simple key", mark: at(2, 1))))
        #expect(
            composeError("k: \"open\n")
                == .syntax(
                    problem: "found unexpected end of stream", at: at(2, 1),
                    context: .init(text: "while scanning a quoted scalar", mark: at(1, 4))))
    }

    @Test func controlCharactersAreLocatedByCharacter() {
        #expect(composeError("name: Central\u{1}\n") == .unreadable(problem: "control characters are not allowed", at: at(1, 14)))
        #expect(composeError("a: 1\r\né: \u{7}\n") == .unreadable(problem: "control characters are not allowed", at: at(2, 4)))
    }
}

@Suite struct AnchorTests {
    @Test(
        "anchors are refused where the node starts",
        arguments: [
            ("a: &x 1", "x", 1, 4), ("a: &list [1]", "list", 1, 4), ("a: !!str &x 1", "x", 1, 4), ("&top a: 1", "top", 1, 1),
            ("a:\n  - &x {b: 1}", "x", 2, 5),
        ])
    func anchor(_ text: String, _ name: String, _ line: Int, _ column: Int) {
        #expect(composeError(text) == .anchor(name: name, at: at(line, column)))
    }

    @Test func aliasesAreRefusedEvenWithoutTheirAnchor() {
        #expect(composeError("a: *x") == .alias(name: "x", at: at(1, 4)))
        #expect(composeError("a: [1, *x]") == .alias(name: "x", at: at(1, 8)))
    }

    @Test func anAliasBombStopsAtItsFirstAnchor() {
        var lines = ["a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]"]
        for (name, previous) in zip("bcdefghi", "abcdefgh") {
            lines.append("\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ",") + "]")
        }
        #expect(composeError(lines.joined(separator: "\n")) == .anchor(name: "a", at: at(1, 4)))
    }

    @Test func ampersandsAndStarsInsideTextAreText() {
        #expect(composed("a: Fish & Chips *Express*\nb: \"&x *y\"\n") == "{a@1:1: Fish & Chips *Express*@1:4, b@2:1: \"&x *y\"@2:4}@1:1")
    }
}

@Suite struct DuplicateKeyTests {
    @Test func secondOccurrenceIsReportedWithTheFirst() throws {
        let error = try #require(composeError("a: 1\nb: 2\na: 3\n"))
        guard case .duplicateKey(let key, let first, let second) = error else { Issue.record("\(error)"); return }
        #expect(key.scalar?.value == "a")
        #expect(first == at(1, 1) && second == at(3, 1))
        #expect(error.mark == at(3, 1))
    }

    @Test func quotingDoesNotMakeADifferentKey() {
        #expect(
            composeError("a: 1\n'a': 2\n") == .duplicateKey(.scalar(YAMLScalar("a", mark: at(1, 1))), first: at(1, 1), second: at(2, 1)))
        #expect(composeError("{a: 1, \"a\": 2}")?.mark == at(1, 8))
    }

    @Test(
        "keys of different types differ, even when spelled alike",
        arguments: [
            "1: x\n'1': y\n", "yes: x\n\"yes\": y\n", "~: x\n'~': y\n", "0x1: a\n1: b\n", "a: 1\n!local a: 2\n",
        ])
    func differentTypes(_ text: String) {
        #expect(composeError(text) == nil)
    }

    @Test func flowMappingDuplicates() {
        #expect(composeError("source: {kind: demo, kind: api}\n")?.mark == at(1, 22))
    }

    @Test func collectionKeysCompareByContent() {
        #expect(composeError("? [a, {b: c}]\n: 1\n? [a, {b: 'c'}]\n: 2\n")?.mark == at(3, 3))
        #expect(composeError("? [a, {b: c}]\n: 1\n? [a, {b: d}]\n: 2\n") == nil)
        #expect(composeError("? [a]\n: 1\n? !local [a]\n: 2\n") == nil)
    }

    @Test func innerMappingsAreCheckedFirstThenTheAlphabeticallyFirstKey() {
        #expect(composeError("x:\n  k: 1\n  k: 2\nx: 3\n")?.mark == at(3, 3))
        #expect(composeError("b: 1\nb: 2\na: 1\na: 2\n")?.mark == at(4, 1))
    }

    @Test func manyKeysStayFast() {
        let keys = (0..<20_000).map { "k\($0): \($0)" }.joined(separator: "\n")
        #expect(composeError(keys + "\nk0: again\n")?.mark == at(20_001, 1))
        let collectionKeys = (0..<5_000).map { "? [\($0)]\n: x" }.joined(separator: "\n")
        #expect(composeError(collectionKeys) == nil)
    }
}

@Suite struct LimitTests {
    @Test func nestingBeyondTheLimitIsRefusedWhereItOpens() {
        let limits = YAMLComposer.Limits(maxDepth: 3)
        #expect(composed("[[[1]]]", limits: limits) == "[[[1@1:4]@1:3]@1:2]@1:1")
        #expect(composeError("[[[[1]]]]", limits: limits) == .tooDeep(limit: 3, at: at(1, 4)))
        #expect(composeError("a:\n  b:\n    c:\n      d: 1\n", limits: limits) == .tooDeep(limit: 3, at: at(4, 7)))
    }

    @Test func defaultDepthLimitStopsHugeNestingEarly() {
        let flow = String(repeating: "[", count: 500_000)
        #expect(composeError(flow) == .tooDeep(limit: 256, at: at(1, 257)))
        let block = (0..<300).map { String(repeating: " ", count: $0) + "- " }.joined(separator: "\n") + "x"
        #expect(composeError(block) == .tooDeep(limit: 256, at: at(257, 257)))
        #expect(composeError(String(repeating: "[", count: 256) + String(repeating: "]", count: 256)) == nil)
    }

    @Test func inputOverTheLimitIsRefusedBeforeParsing() {
        #expect(composed("a: 1234567", limits: YAMLComposer.Limits(maxBytes: 10)) == "{a@1:1: 1234567@1:4}@1:1")
        #expect(composeError("a: 12345678", limits: YAMLComposer.Limits(maxBytes: 10)) == .tooLarge(bytes: 11, limit: 10))
        // Over the default 1 MiB, and not YAML at all: only the size check can answer.
        let huge = String(repeating: "[{", count: 1 << 19) + "x"
        #expect(composeError(huge) == .tooLarge(bytes: (1 << 20) + 1, limit: 1 << 20))
    }
}
