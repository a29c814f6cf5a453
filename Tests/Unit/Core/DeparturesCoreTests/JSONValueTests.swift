import DeparturesCore
import Testing

struct JSONValueTests {
    @Test func aDocumentBecomesItsTree() throws {
        let tree = try JSONValue.parse(Array(#"{"a": [1, 2.5, "x", true, null], "b": {"c": "d"}}"#.utf8))
        #expect(tree["a"] == .array([.number(1), .number(2.5), .string("x"), .bool(true), .null]))
        #expect(tree["b"]?["c"]?.text == "d")
        #expect(tree["a"].map { if case .array(let items) = $0 { items.compactMap(\.text) } else { [] } } == ["1", "2.5", "x", "true"])
        #expect(tree["missing"] == nil && JSONValue.string("s")["key"] == nil)
    }

    @Test(
        "what is not JSON says so",
        arguments: [
            (String(repeating: "[", count: 100), "nested more than 64 levels deep"),
            ("{\"a\": ", "not valid JSON"),
            ("", "not valid JSON"),
        ])
    func notJSON(text: String, says: String) {
        #expect(throws: DeparturesDataError(path: "", problem: text.isEmpty || text.hasPrefix("{") ? says : "not valid JSON (\(says))")) {
            try JSONValue.parse(Array(text.utf8))
        }
    }
}
