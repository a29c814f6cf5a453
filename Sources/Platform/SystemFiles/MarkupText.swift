/// Text as character data or an attribute value of HTML and XML alike: the one escaping rule
/// for every hand-built page (the status page) and document (a SIRI request).
public enum MarkupText {
    public static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
