import BoardAssembly
import SourceAssembly
import BoardConfig
import BoardRender
import DisplayBackends
import Testing

/// Board-file enums map onto library enums through switches the compiler checks (a new
/// board-file case does not build until it is mapped). These tests catch the other side: a
/// library case that no board file can name, or two spellings landing on one case.
struct ConfigMappingTests {
    static func isOneToOne<Config: CaseIterable, Library: CaseIterable & Hashable>(
        _ map: (Config) -> Library, _ config: Config.Type, _ library: Library.Type
    ) -> Bool {
        let images = Set(Config.allCases.map(map))
        return images.count == Config.allCases.count && images == Set(Library.allCases)
    }

    @Test func layoutStyles() {
        #expect(Self.isOneToOne(LayoutOptions.Style.init, DisplaySettings.Layout.self, LayoutOptions.Style.self))
    }

    @Test func overflow() {
        #expect(Self.isOneToOne(LayoutOptions.Overflow.init, DisplaySettings.Overflow.self, LayoutOptions.Overflow.self))
    }

    @Test func badgeShapes() {
        #expect(Self.isOneToOne(LayoutOptions.BadgeShape.init, DisplaySettings.BadgeShape.self, LayoutOptions.BadgeShape.self))
    }

    @Test func columnsKeepTheirNames() {
        #expect(Self.isOneToOne(LayoutOptions.Column.init, DisplaySettings.Column.self, LayoutOptions.Column.self))
        for column in DisplaySettings.Column.allCases {
            #expect(LayoutOptions.Column(column).rawValue == column.rawValue)
        }
    }

    @Test func countdownTargetsKeepTheirNames() {
        #expect(Self.isOneToOne(LayoutOptions.Countdown.init, DisplaySettings.Countdown.self, LayoutOptions.Countdown.self))
        for countdown in DisplaySettings.Countdown.allCases {
            #expect(LayoutOptions.Countdown(countdown).rawValue == countdown.rawValue)
        }
    }

    @Test func chainEndsAndEPaperInks() {
        #expect(
            Set(OutputSettings.FirstModule.allCases.map { "\(MAX7219Layout.Side($0))" }).count
                == OutputSettings.FirstModule.allCases.count)
        #expect(UC8179Driver.Colors(.bw) == .blackWhite)
        #expect(UC8179Driver.Colors(.bwr) == .blackWhiteRed)
    }

    @Test func everyModuleRotationTheBoardFileAllowsIsADriverRotation() {
        for degrees in stride(from: 0, through: 270, by: 90) {
            #expect(MAX7219Layout.Rotation(rawValue: degrees) != nil)
        }
    }
}
