import Testing
import YAMLTree

/// YAML 1.1's implicit types for plain scalars, the rules board files have always been read with.
@Suite struct ResolutionTests {
    @Test(
        "bools",
        arguments: [
            "yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE",
            "false", "False", "FALSE", "on", "On", "ON", "off", "Off", "OFF",
        ])
    func bools(_ text: String) {
        #expect(YAMLTag.implicit(for: text) == YAMLTag.bool)
    }

    @Test("nulls", arguments: ["", "~", "null", "Null", "NULL"])
    func nulls(_ text: String) {
        #expect(YAMLTag.implicit(for: text) == YAMLTag.null)
    }

    @Test(
        "ints",
        arguments: [
            "0", "12", "-12", "+1_000", "0b1010", "-0b1_1", "017", "0o17", "0_", "0x1F", "-0x_ff",
            "1:30", "190:20:30", "-1:5", "1_",
        ])
    func ints(_ text: String) {
        #expect(YAMLTag.implicit(for: text) == YAMLTag.int)
    }

    @Test(
        "floats",
        arguments: [
            "1.5", "-1.5", "1e3", "1.5e-3", "+2E+10", "1.", "08", "1_000.5", ".5", "._5", ".5e+3",
            "1:30.5", "+.inf", "-.Inf", ".INF", ".nan", ".NaN", ".NAN",
        ])
    func floats(_ text: String) {
        #expect(YAMLTag.implicit(for: text) == YAMLTag.float)
    }

    @Test(
        "timestamps",
        arguments: [
            "2001-12-14", "2001-12-14t21:59:43.10-05:00", "2001-12-14 21:59:43.10 -5",
            "2001-12-15T02:59:43.1Z", "2001-12-15 2:59:43", "2001-1-5 2:59:43 +01:30",
        ])
    func timestamps(_ text: String) {
        #expect(YAMLTag.implicit(for: text) == YAMLTag.timestamp)
    }

    @Test(
        "strings",
        arguments: [
            "yEs", "y", "n", "nULL", "none", "ｙｅｓ", "1:60", "0b2", "0x", "0o8", "1e", "e3", ".5e3", ".", "-.nan",
            "1.2.3", "--1", "2001-1-5", "2001-12-14 21:59", "2001-12-14 21:59:43 ", "<", "==", "12 ", "demo", "8s",
        ])
    func strings(_ text: String) {
        #expect(YAMLTag.implicit(for: text) == YAMLTag.str)
    }

    @Test func mergeAndValueKeys() {
        #expect(YAMLTag.implicit(for: "<<") == YAMLTag.merge)
        #expect(YAMLTag.implicit(for: "=") == YAMLTag.value)
    }

    @Test func onlyPlainUntaggedScalarsAreReadFromTheirText() throws {
        let text = "a: yes\nb: 'yes'\nc: \"~\"\nd: |\n  1\ne: ! yes\nf: !!bool 'true'\ng: !!str 12\nh: !local yes\n"
        let root = try #require(try YAMLComposer.compose(text))
        guard case .mapping(let mapping) = root else { Issue.record("not a mapping"); return }
        let tags = mapping.pairs.map { $0.value.scalar?.resolvedTag ?? "?" }
        #expect(tags == [YAMLTag.bool, YAMLTag.str, YAMLTag.str, YAMLTag.str, YAMLTag.str, YAMLTag.bool, YAMLTag.str, "!local"])
    }
}
