/// Which espeak-ng voice speaks a BCP 47 language.
public enum EspeakVoice {
    /// `en-GB` → `en-gb`, `en-US` → `en-us`, other English → `en`; `es-419` and Latin
    /// American Spanish → `es-419`; `pt-BR` → `pt-br`; otherwise the language subtag (`de-CH`
    /// → `de`, `fr-CA` → `fr`). espeak-ng finds a language it lists even where no voice file
    /// has that name. No tag: English.
    public static func name(forLanguage tag: String?) -> String {
        guard let tag, !tag.isEmpty else { return "en" }
        let parts = tag.split(separator: "-").map { $0.lowercased() }
        let language = parts[0]
        // The region is the first subtag of two letters or three digits after the language.
        let region = parts.dropFirst().first { $0.count == 2 || ($0.count == 3 && $0.allSatisfy(\.isNumber)) }
        switch (language, region) {
        case ("en", "gb"), ("en", "uk"): return "en-gb"
        case ("en", "us"): return "en-us"
        case ("en", _): return "en"
        case ("es", "es"), ("es", nil): return "es"
        case ("es", _): return "es-419"
        case ("pt", "br"): return "pt-br"
        default: return language
        }
    }
}
