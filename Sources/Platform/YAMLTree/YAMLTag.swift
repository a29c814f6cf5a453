/// YAML 1.1's tags, and the types plain scalars get from their text.
public enum YAMLTag {
    public static let str = "tag:yaml.org,2002:str"
    public static let bool = "tag:yaml.org,2002:bool"
    public static let int = "tag:yaml.org,2002:int"
    public static let float = "tag:yaml.org,2002:float"
    public static let null = "tag:yaml.org,2002:null"
    public static let timestamp = "tag:yaml.org,2002:timestamp"
    public static let merge = "tag:yaml.org,2002:merge"
    public static let value = "tag:yaml.org,2002:value"
    public static let seq = "tag:yaml.org,2002:seq"
    public static let map = "tag:yaml.org,2002:map"

    /// The tag a plain, untagged scalar gets from its text under YAML 1.1's rules (yaml.org/type),
    /// tried in this order: bool (`yes`, `off`, …), int (`0x1f`, `0o17`, `1_000`, `1:30`), float,
    /// merge (`<<`), null (`~`, `null`, nothing at all), timestamp, value (`=`); else a string.
    /// Matched byte for byte: Unicode equivalence must not turn other text into these words.
    public static func implicit(for text: String) -> String {
        let bytes = Array(text.utf8)
        if boolWords.contains(bytes) { return bool }
        if ImplicitRules.isInt(bytes) { return int }
        if ImplicitRules.isFloat(bytes) { return float }
        if bytes == Array("<<".utf8) { return merge }
        if nullWords.contains(bytes) { return null }
        if ImplicitRules.isTimestamp(bytes) { return timestamp }
        if bytes == Array("=".utf8) { return value }
        return str
    }

    private static let boolWords: Set<[UInt8]> = Set(
        [
            "yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE",
            "false", "False", "FALSE", "on", "On", "ON", "off", "Off", "OFF",
        ].map { Array($0.utf8) })
    private static let nullWords: Set<[UInt8]> = Set(["", "~", "null", "Null", "NULL"].map { Array($0.utf8) })
}

extension YAMLScalar {
    /// The scalar's type: its written tag (`!` alone means "a string"), else `str` when quoted
    /// or a block scalar, else what `YAMLTag.implicit` reads from the text.
    public var resolvedTag: String {
        switch tag {
        case nil: style == .plain ? YAMLTag.implicit(for: value) : YAMLTag.str
        case "!": YAMLTag.str
        case let written?: written
        }
    }
}
