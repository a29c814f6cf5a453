@testable import ZoneInfo

func date(_ y: Int, _ m: Int, _ d: Int) -> CivilDate { CivilDate(year: y, month: m, day: d) }

func local(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int, _ s: Int = 0) -> LocalDateTime {
    LocalDateTime(date: CivilDate(year: y, month: mo, day: d), hour: h, minute: mi, second: s)
}

/// Loads from the system database; tests fail loudly if tzdata is missing.
func zone(_ identifier: String) throws -> TimeZoneRules {
    try TimeZoneRules.load(identifier)
}

/// Builds TZif files in memory so footer rules and corrupt inputs can be
/// tested without depending on what the distribution ships.
struct TZifBuilder {
    struct TypeSpec { var offset: Int32; var isDST: Bool; var abbreviation: String }

    var version: UInt8 = UInt8(ascii: "2")  // 0 = version 1
    var transitions: [Int64] = []
    var transitionTypes: [UInt8] = []
    var types: [TypeSpec] = [TypeSpec(offset: 0, isDST: false, abbreviation: "UTC")]
    var footer: String = ""

    func build() -> [UInt8] {
        var chars: [UInt8] = []
        var abbreviationIndex: [Int] = []
        for type in types {
            abbreviationIndex.append(chars.count)
            chars += Array(type.abbreviation.utf8) + [0]
        }
        func block(timeSize: Int, includeTransitions: Bool) -> [UInt8] {
            let count = includeTransitions ? transitions.count : 0
            var out = Array("TZif".utf8) + [version] + [UInt8](repeating: 0, count: 15)
            for c in [0, 0, 0, count, types.count, chars.count] { out += be(UInt64(c), 4) }
            for t in transitions.prefix(count) { out += be(UInt64(bitPattern: t), timeSize) }
            out += transitionTypes.prefix(count)
            for (i, type) in types.enumerated() {
                out += be(UInt64(UInt32(bitPattern: type.offset)), 4) + [type.isDST ? 1 : 0, UInt8(abbreviationIndex[i])]
            }
            return out + chars
        }
        if version == 0 { return block(timeSize: 4, includeTransitions: true) }
        return block(timeSize: 4, includeTransitions: false) + block(timeSize: 8, includeTransitions: true)
            + [0x0A] + Array(footer.utf8) + [0x0A]
    }

    private func be(_ value: UInt64, _ size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
}

/// A footer-only zone: every instant is governed by the POSIX TZ string.
func footerZone(_ tz: String) throws -> TimeZoneRules {
    try TimeZoneRules(identifier: "Test/" + tz, tzif: TZifBuilder(footer: tz).build())
}
