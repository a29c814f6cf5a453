/// How a board's `timezone:` is checked, and what a wrong one is told. Injected (as closures)
/// so this module needs no time-zone database; the app passes the system's.
public struct ZoneCheck: Sendable {
    public var exists: @Sendable (String) -> Bool
    /// Every name the database knows, for "did you mean".
    public var names: @Sendable () -> [String]
    /// The zones whose clocks are called by an abbreviation (`AEST`), for abbreviations.
    public var usingAbbreviation: @Sendable (String) -> [String]

    public init(
        exists: @escaping @Sendable (String) -> Bool, names: @escaping @Sendable () -> [String] = { [] },
        usingAbbreviation: @escaping @Sendable (String) -> [String] = { _ in [] }
    ) {
        self.exists = exists
        self.names = names
        self.usingAbbreviation = usingAbbreviation
    }

    /// nil for a zone the database has; else what to tell the user.
    func problem(_ zone: String) -> String? {
        guard !exists(zone) else { return nil }
        let unknown = "unknown time zone '\(shown(zone))'"
        if Self.looksLikeAbbreviation(zone) {
            let zones = usingAbbreviation(zone)
            if !zones.isEmpty {
                let listed = zones.count > 8 ? zones.prefix(8).joined(separator: ", ") + ", …" : zones.joined(separator: ", ")
                return "\(unknown): an abbreviation, not a zone; zones that use it: \(listed) (write the sign's own city's)"
            }
        }
        let known = names()
        if let match = Suggestions.closest(to: zone, in: known) {
            return "\(unknown); did you mean '\(match)'?"
        }
        // `Melborne` or `melbourne`: a city without its region.
        let cities = known.filter { $0.contains("/") }
        if let city = Suggestions.closest(to: zone, in: cities.map { String($0.split(separator: "/").last!) }),
            let match = cities.first(where: { $0.hasSuffix("/" + city) })
        {
            return "\(unknown); did you mean '\(match)'?"
        }
        // `Australia/Cairns`: a real city without a zone of its own keeps a neighbour's clocks.
        if let slash = zone.firstIndex(of: "/") {
            let region = String(zone[..<slash]) + "/"
            let inRegion = known.filter { $0.hasPrefix(region) }.map { String($0.dropFirst(region.count)) }.sorted()
            guard !inRegion.isEmpty else { return unknown }
            let listed = inRegion.count > 24 ? inRegion.prefix(24).joined(separator: ", ") + ", …" : inRegion.joined(separator: ", ")
            return "\(unknown): not an IANA zone; a city without a zone of its own keeps a neighbour's clocks, so write "
                + "that zone: in \(region.dropLast()): \(listed)"
        }
        return unknown + "; zones are written Region/City, such as Europe/Berlin or America/New_York"
    }

    /// `AEST`, `CET`, `EDT`: letters only, two to five, all capitals.
    static func looksLikeAbbreviation(_ text: String) -> Bool {
        (2...5).contains(text.count) && text.allSatisfy { $0.isASCII && $0.isUppercase }
    }
}
