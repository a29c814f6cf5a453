import SystemFiles

/// The zone names a database holds, read from its own tables, for suggestions in messages
/// about misspelt or abbreviated zones. Only read when something is wrong: never on the
/// path of a board that loads.
extension ZoneInfoDatabase {
    /// Every zone and link name (`Australia/Melbourne`, `US/Eastern`…), from `tzdata.zi`;
    /// from `zone1970.tab` where that is missing. Empty when neither can be read.
    public func zoneNames() -> [String] {
        if let text = table("tzdata.zi") {
            // `Z name …` declares a zone, `L target name` a link.
            return text.split(separator: "\n").compactMap { line -> String? in
                let fields = line.split(separator: " ")
                if fields.first == "Z", fields.count >= 2 { return String(fields[1]) }
                if fields.first == "L", fields.count >= 3 { return String(fields[2]) }
                return nil
            }
        }
        return canonicalZoneNames()
    }

    /// The zones of `zone1970.tab`, one per region of the world with its own clock history.
    public func canonicalZoneNames() -> [String] {
        guard let text = table("zone1970.tab") else { return [] }
        return text.split(separator: "\n").compactMap { line -> String? in
            guard !line.hasPrefix("#") else { return nil }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            return fields.count >= 3 ? String(fields[2]) : nil
        }
    }

    /// The zones that call their time `abbreviation` (`AEST`) at `unixSeconds` or half a
    /// year later (so both standard and summer time count), sorted.
    public func zones(usingAbbreviation abbreviation: String, atUnixSeconds unixSeconds: Int64) -> [String] {
        let wanted = abbreviation.uppercased()
        let halfYear: Int64 = 182 * 86_400
        return canonicalZoneNames().filter { name in
            guard let rules = try? TimeZoneRules.load(name, from: self) else { return false }
            return rules.abbreviation(atUnixSeconds: unixSeconds) == wanted
                || rules.abbreviation(atUnixSeconds: unixSeconds + halfYear) == wanted
        }.sorted()
    }

    private func table(_ name: String) -> String? {
        let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
        guard let bytes = try? BoundedFile.read(path, maxBytes: 4 << 20) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
