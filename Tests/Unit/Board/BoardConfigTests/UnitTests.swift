import Testing
@testable import BoardConfig

@Suite struct DurationTests {
    @Test(
        "errors say what is accepted",
        arguments: [
            ("-5", false, "a duration must not be negative; got '-5'"),
            ("", true, "expected a duration; got an empty value; \(Durations.hint)"),
            ("30", true, "duration '30' has no unit; \(Durations.hint)"),
            ("8sec", false, "unknown duration unit 'sec' in '8sec'; \(Durations.hint)"),
            ("8 s", true, "unknown duration unit ' s' in '8 s'; \(Durations.hint)"),
            ("1.2.3s", false, "expected a duration; got '1.2.3s'; \(Durations.hint)"),
            (".5s", false, "expected a duration; got '.5s'; \(Durations.hint)"),
            ("5.s", false, "expected a duration; got '5.s'; \(Durations.hint)"),
            ("1e3", false, "unknown duration unit 'e3' in '1e3'; \(Durations.hint)"),
            ("9999999999h", false, "duration '9999999999h' is too large"),
        ])
    func rejected(_ text: String, _ unitRequired: Bool, _ message: String) {
        #expect(Durations.parse(text, unitRequired: unitRequired) == .failure(DurationProblem(message)))
    }

    @Test(
        "formatting picks the largest exact unit",
        arguments: [
            (Duration.seconds(7200), "2h"), (.seconds(90), "90s"), (.seconds(300), "5m"),
            (.milliseconds(1500), "1500ms"), (.zero, "0s"),
        ])
    func format(_ duration: Duration, _ text: String) {
        #expect(Durations.format(duration) == text)
    }
}

@Suite struct SuggestionTests {
    @Test func distances() {
        #expect(Suggestions.distance("timezon", "timezone") == 1)
        #expect(Suggestions.distance("tiemzone", "timezone") == 1)  // transposition
        #expect(Suggestions.distance("abc", "xyz") == 3)
        #expect(Suggestions.distance("", "ab") == 2)
    }

    @Test func closest() {
        let keys = BoardSchema.source.keys
        #expect(Suggestions.closest(to: "BASE_URL", in: keys) == "base_url")
        #expect(Suggestions.closest(to: "stopid", in: keys) == "stop_id")
        #expect(Suggestions.closest(to: "colour", in: keys) == nil)
        #expect(Suggestions.closest(to: String(repeating: "x", count: 10_000), in: keys) == nil)
    }
}

@Suite struct TextScanTests {
    @Test(
        "anchors and aliases are found where a node starts",
        arguments: [
            ("a: &x 1", 1, 4), ("a:\n  - *x", 2, 5), ("a: [1, *x]", 1, 8), ("a: {b: &x 1}", 1, 8),
            ("? *x\n: 1", 1, 3), ("a: !!str &x 1", 1, 10), ("*x : 1", 1, 1), ("--- &x\na: 1", 1, 5),
            ("a: [\n  &x 1]", 2, 3), ("- - *x", 1, 5),
        ])
    func found(_ text: String, _ line: Int, _ column: Int) throws {
        let hit = try #require(TextScan.firstAnchorOrAlias(in: text))
        #expect(hit.line == line && hit.column == column)
    }

    @Test(
        "ordinary text is not mistaken for anchors",
        arguments: [
            "a: b & c", "a: 5 * 3", "a: 'x\n  &y'", "a: \"x \\\" *y\"", "a: |\n  * item\n  & more\nb: 1",
            "# &x\na: 1 # *y", "a: it's *fine*", "a: x,&y", "---\na: x&y", "a: key:&x",
        ])
    func notFound(_ text: String) {
        #expect(TextScan.firstAnchorOrAlias(in: text) == nil)
    }

    @Test func utf8Validation() {
        #expect(TextScan.firstInvalidUTF8Offset(Array("Café ✓ 🚆".utf8)) == nil)
        #expect(TextScan.firstInvalidUTF8Offset([0x61, 0xC0, 0x80]) == 1)  // overlong
        #expect(TextScan.firstInvalidUTF8Offset([0xED, 0xA0, 0x80]) == 0)  // surrogate
        #expect(TextScan.firstInvalidUTF8Offset([0x61, 0x62, 0xE2, 0x82]) == 2)  // truncated
        #expect(TextScan.firstInvalidUTF8Offset([0xF4, 0x90, 0x80, 0x80]) == 0)  // > U+10FFFF
    }
}

@Suite struct ValidatorTests {
    @Test(
        "base URLs",
        arguments: [
            ("https://api.example.org", true), ("http://10.0.0.1:8080/v1/", true), ("https://[::1]/", true),
            ("https://h/#x", false), ("https://h:0/", false), ("https://h:99999", false), ("https://", false),
            ("https://user:pw@h/", false), ("https://h /", false), ("api.example.org", false),
        ])
    func baseURL(_ url: String, _ valid: Bool) {
        #expect((Validators.baseURL(url) == nil) == valid)
    }

    @Test func names() {
        #expect(Validators.environmentName("_KEY_2") == nil)
        #expect(Validators.environmentName("KEY-2") != nil)
        #expect(Validators.environmentName("") != nil)
        #expect(Validators.headerName("X-API-Key") == nil)
        #expect(Validators.headerName("X:Key") != nil)
        #expect(Validators.stopID("a b/c") == nil)
        #expect(Validators.stopID("") != nil)
        #expect(Validators.stopID("a\u{7}") != nil)
        #expect(Validators.displayName("   ") == "must not be empty")
    }
}
