import DeparturesCore
import JSONPath
import Testing

/// The query subset of RFC 9535 that `kind: json` board files use: what it selects, in which
/// order, and how it says what is wrong with a query.
struct JSONPathTests {
    /// A document in the shape of RFC 9535's own examples: a store with books, and names that
    /// need quoting.
    static let document = try! JSONValue.parse(
        Array(
            """
            {"store": {"book": [{"title": "A", "price": 8, "isbn": null},
                                {"title": "B", "price": 12},
                                {"title": "C", "price": 9, "tags": ["x", "y"]}],
                       "bicycle": {"color": "red", "price": 399}},
             "a b": 1, "2nd": 2, "it's": 3, "ü": 4, "": 5}
            """.utf8))

    func select(_ query: String, in document: JSONValue = JSONPathTests.document) throws -> [JSONValue] {
        try JSONPath(query).select(in: document)
    }

    func texts(_ query: String) throws -> [String] {
        try select(query).map { $0.text ?? "?" }
    }

    @Test func childSegmentsSelectByNameAndIndex() throws {
        #expect(try texts("$.store.book[0].title") == ["A"])
        #expect(try texts("$['store']['book'][1]['title']") == ["B"])
        #expect(try texts(#"$["store"]["bicycle"]["color"]"#) == ["red"])
        // Negative indexes count from the end; out of range selects nothing.
        #expect(try texts("$.store.book[-1].title") == ["C"])
        #expect(try select("$.store.book[3]").isEmpty)
        #expect(try select("$.store.book[-4]").isEmpty)
        // An index on an object, or a name on an array, selects nothing (no error).
        #expect(try select("$.store[0]").isEmpty)
        #expect(try select("$.store.book.title").isEmpty)
        // null is a value: it is selected.
        #expect(try select("$.store.book[0].isbn") == [.null])
        #expect(try select("$") == [Self.document])
    }

    @Test func namesThatNeedQuotes() throws {
        #expect(try texts("$['a b']") == ["1"])
        #expect(try texts("$['2nd']") == ["2"])
        #expect(try texts(#"$['it\'s']"#) == ["3"])
        #expect(try texts(#"$["it's"]"#) == ["3"])
        #expect(try texts("$.ü") == ["4"])
        #expect(try texts(#"$['\u00fc']"#) == ["4"])
        #expect(try texts("$['']") == ["5"])
    }

    @Test func wildcardsAndLists() throws {
        #expect(try texts("$.store.book[*].title") == ["A", "B", "C"])
        #expect(try texts("$.store.book.*.title") == ["A", "B", "C"])
        #expect(try texts("$.store.book[0, 2].title") == ["A", "C"])
        // Members of an object come in a fixed order (by name): a query's first match never changes.
        #expect(try texts("$.store.bicycle.*") == ["red", "399"])
        #expect(try texts("$.store.bicycle['price', 'color']") == ["399", "red"])
        // Duplicates stay, as RFC 9535 says.
        #expect(try texts("$.store.book[0, 0].title") == ["A", "A"])
    }

    /// RFC 9535 2.5.2: the node before its descendants, arrays in order.
    @Test func descendantSegments() throws {
        #expect(try texts("$..title") == ["A", "B", "C"])
        #expect(try texts("$..price") == ["399", "8", "12", "9"])
        #expect(try texts("$.store..tags[*]") == ["x", "y"])
        #expect(try texts("$..book[-1].title") == ["C"])
        #expect(try texts("$..['color']") == ["red"])
        #expect(try select("$.store.book[2]..*").count == 5)
    }

    @Test func stepsSayWhereAQueryStoppedMatching() throws {
        let steps = try JSONPath("$.store.car[*].name").selectSteps(in: Self.document)
        #expect(steps.map(\.count) == [1, 0, 0, 0])
        #expect(try JSONPath("$.store.car[*].name").prefix(2).text == "$.store.car")
    }

    @Test func aVisitLimitBoundsDescendantQueries() throws {
        var nested = JSONValue.number(1)
        for _ in 0..<50 { nested = .array([nested, nested]) }  // shared, so cheap to build; 2^51 paths
        #expect(throws: JSONPathBudgetExceeded.self) { try JSONPath("$..*..*").select(in: nested, visitLimit: 10_000) }
    }

    @Test func canonicalTextParsesToTheSameQuery() throws {
        for text in ["$.a.b", "$['a b'][0]", "$..x[*]", "$[*].*", "$['it\\'s', 1, *]", "$..['2nd']", "$[-1]", "$"] {
            let query = try JSONPath(text)
            #expect(try JSONPath(JSONPath.render(query.segments)).segments == query.segments, "\(text)")
        }
        #expect(JSONPath.render(try JSONPath("$['a']['b c'][0]..d").segments) == #"$.a["b c"][0]..d"#)
    }

    @Test(arguments: [
        ("", 0, "empty"),
        ("departures[*]", 0, "starts with $"),
        ("$.", 2, "expected a name, * or [ after ."),
        ("$.2nd", 2, "in brackets"),
        ("$.a-b", 3, "['a-…']"),
        ("$...a", 3, "three dots"),
        ("$.a.['b']", 4, "no dot before ["),
        ("$[abc]", 2, "goes in quotes: ['abc']"),
        ("$['a'", 5, "expected , or ]"),
        ("$['a", 2, "unclosed quote"),
        ("$[01]", 2, "leading zero"),
        ("$[-0]", 2, "leading zero"),
        ("$[9007199254740992]", 2, "out of range"),
        ("$[1:2]", 3, "slices"),
        ("$[?@.price < 10]", 2, "filter expressions"),
        ("$['\\q']", 3, "unknown escape"),
        ("$['\\ud800']", 3, "low half"),
        ("$ x", 2, "expected . or ["),
    ])
    func mistakesSayWhereAndWhat(text: String, offset: Int, words: String) {
        do {
            _ = try JSONPath(text)
            Issue.record("\(text) parsed")
        } catch {
            #expect(error.offset == offset, "\(text): \(error)")
            #expect(error.message.contains(words), "\(text): \(error)")
        }
    }

    @Test func blanksAreAllowedWhereRFC9535AllowsThem() throws {
        #expect(try texts("$.store.book[ 0 , 1 ].title") == ["A", "B"])
        #expect(try texts("$ .store .bicycle .color") == ["red"])
    }
}
