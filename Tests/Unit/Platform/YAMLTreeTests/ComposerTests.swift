import Testing
import YAMLTree

@Suite struct StructureTests {
    @Test func nestedBlockAndFlowCollectionsKeepOrderAndMarks() {
        let text = """
            board:
              stops: [a, 'b c', {id: "x\\ty"}]
              rows:
                - 1
                - two: 2
            name: last
            """
        #expect(
            composed(text) == "{board@1:1: {stops@2:3: [a@2:11, 'b c'@2:14, {id@2:22: \"x\\ty\"@2:26}@2:21]@2:10, "
                + "rows@3:3: [1@4:7, {two@5:7: 2@5:12}@5:7]@4:5}@2:3, name@6:1: last@6:7}@1:1")
    }

    @Test func indentlessSequenceStartsAtItsDash() {
        #expect(composed("stops:\n- a\n- b\n") == "{stops@1:1: [a@2:3, b@3:3]@2:1}@1:1")
    }

    @Test func flowCollectionsSpanLines() {
        #expect(composed("a: [1,\n  [2, {b: c}],\n  {}]\n") == "{a@1:1: [1@1:5, [2@2:4, {b@2:8: c@2:11}@2:7]@2:3, {}@3:3]@1:4}@1:1")
    }

    @Test func columnsCountCharactersNotBytes() {
        #expect(composed("né: [x, 🚆]\nkey: 1") == "{né@1:1: [x@1:6, 🚆@1:9]@1:5, key@2:1: 1@2:6}@1:1")
    }

    @Test func emptyValuesArePlainEmptyScalars() throws {
        let root = try #require(try YAMLComposer.compose("a:\nb: ~\n"))
        guard case .mapping(let mapping) = root else { Issue.record("not a mapping"); return }
        let empty = try #require(mapping.pairs[0].value.scalar)
        #expect(empty.value == "" && empty.style == .plain && empty.tag == nil)
        #expect(empty.resolvedTag == YAMLTag.null)
        #expect(mapping.pairs[1].value.scalar?.value == "~")
    }

    @Test func complexKeysAreNodes() {
        #expect(composed("? [a, b]\n: 1\n") == "{[a@1:4, b@1:7]@1:3: 1@2:3}@1:1")
    }

    @Test func tagsAreKeptAsLibyamlExpandsThem() {
        let text = "a: !!str 1\nb: !local x\nc: ! 2\nd: !!seq [x]\n"
        #expect(
            composed(text) == "{a@1:1: tag:yaml.org,2002:str 1@1:4, b@2:1: !local x@2:4, c@3:1: ! 2@3:4, "
                + "d@4:1: tag:yaml.org,2002:seq [x@4:11]@4:4}@1:1")
    }
}

@Suite struct ScalarTests {
    @Test func doubleQuotedEscapesAreDecoded() throws {
        let root = try #require(try YAMLComposer.compose(#"k: "tab\there \u00e9 \x41 \\ \" \U0001F686 \/ end""#))
        guard case .mapping(let mapping) = root else { Issue.record("not a mapping"); return }
        let value = try #require(mapping.pairs.first?.value.scalar)
        #expect(value.value == "tab\there é A \\ \" 🚆 / end")
        #expect(value.style == .doubleQuoted)
        #expect(value.resolvedTag == YAMLTag.str)
    }

    @Test func singleQuotesDoubleToEscape() {
        #expect(composed("k: 'it''s \\n'") == "{k@1:1: 'it's \\n'@1:4}@1:1")
    }

    @Test func quotedAndPlainScalarsFoldLines() {
        #expect(
            composed("a: \"one\n  two\"\nb: one\n  two\nc: 'x\n\n  y'\n")
                == "{a@1:1: \"one two\"@1:4, b@3:1: one two@3:4, c@5:1: 'x\ny'@5:4}@1:1")
    }

    @Test func blockScalarsKeepOrFoldNewlines() {
        let text = "lit: |\n  one\n  two\nfold: >\n  one\n  two\n\n  three\nstrip: |-\n  x\n"
        #expect(
            composed(text) == "{lit@1:1: |\"one\\ntwo\\n\"@1:6, fold@4:1: >\"one two\\nthree\\n\"@4:7, "
                + "strip@9:1: |\"x\"@9:8}@1:1")
    }

    @Test func invalidEscapeIsASyntaxError() {
        #expect(
            composeError(#"k: "\q""#)
                == .syntax(
                    problem: "found unknown escape character", at: at(1, 5),
                    context: .init(text: "while parsing a quoted scalar", mark: at(1, 4))))
    }
}

@Suite struct LineEndingTests {
    @Test func crlfCountsAsOneLineBreak() {
        let text = "a: 1\r\nb:\r\n  - x\r\n  - |\r\n    one\r\n    two\r\nc: \"p\r\n  q\"\r\n"
        #expect(composed(text) == "{a@1:1: 1@1:4, b@2:1: [x@3:5, |\"one\\ntwo\\n\"@4:5]@3:3, c@7:1: \"p q\"@7:4}@1:1")
    }

    @Test func byteOrderMarkTakesNoColumn() {
        #expect(composed("\u{FEFF}a: 1\nb: [2]\n") == "{a@1:1: 1@1:4, b@2:1: [2@2:5]@2:4}@1:1")
        #expect(
            composeError("\u{FEFF}a: [1\n")
                == .syntax(
                    problem: "did not find expected ',' or ']'", at: at(2, 1),
                    context: .init(text: "while parsing a flow sequence", mark: at(1, 4))))
    }

    @Test func tabsSeparateButDoNotIndent() {
        #expect(composed("a:\tx\ty\nb: [1,\t2]\n") == "{a@1:1: x\ty@1:4, b@2:1: [1@2:5, 2@2:8]@2:4}@1:1")
        #expect(
            composeError("a:\n\tb: 1\n")
                == .syntax(
                    problem: "found character that cannot start any token", at: at(2, 1),
                    context: .init(text: "while scanning for the next token", mark: at(2, 1))))
    }
}

@Suite struct DocumentTests {
    @Test("no document", arguments: ["", "\n\n", "# only a comment\n", "\u{FEFF}"])
    func noDocumentIsNil(_ text: String) {
        #expect(composed(text) == "nil")
    }

    @Test func explicitMarkersAroundOneDocument() {
        #expect(composed("---\na: 1\n...\n") == "{a@2:1: 1@2:4}@2:1")
        #expect(composed("--- [x]\n") == "[x@1:6]@1:5")
    }

    @Test func anEmptyExplicitDocumentIsAnEmptyScalar() {
        #expect(composed("---\n") == "@2:1")
    }

    @Test func aSecondDocumentIsRefusedWhereItStarts() {
        #expect(composeError("a: 1\n---\nb: 2\n") == .secondDocument(at: at(2, 1)))
        // After `...` a document needs its `---`; libyaml says so itself.
        #expect(composeError("a: 1\n...\nb: 2\n") == .syntax(problem: "did not find expected <document start>", at: at(3, 1), context: nil))
        #expect(composeError("a: 1\n...\n--- b\n") == .secondDocument(at: at(3, 1)))
        #expect(composeError("--- a\n--- b\n") == .secondDocument(at: at(2, 1)))
    }

    @Test func errorsDescribeThemselves() {
        #expect(composed("a: 1\n---\nb: 2\n") == "error: 2:1: a second document; expected one")
        #expect(composed("a: [1\n") == "error: 2:1: did not find expected ',' or ']' (while parsing a flow sequence at 1:4)")
    }
}
