@testable import BoardAssembly
import Testing

/// A system family the board names but the machine lacks is a warning with the package that
/// installs it; one that is installed, a bundled font or no list at all says nothing.
struct FallbackFontWarningTests {
    @Test func aNamedFamilyThatIsNotInstalledIsNamedWithItsPackage() {
        let missing = FallbackFonts.notInstalled(["wenquanyi", "unifont", "board-6x12"], readable: { _ in false })
        #expect(missing.map(\.name) == ["wenquanyi", "unifont"])
        #expect(missing.map(\.package) == ["xfonts-wqy", "xfonts-unifont"])
    }

    @Test func installedFamiliesAndTheDefaultsSayNothing() {
        #expect(FallbackFonts.notInstalled(["wenquanyi", "unifont"], readable: { _ in true }).isEmpty)
        // The defaults are taken where installed; leaving one out is no mistake of the board's.
        #expect(FallbackFonts.notInstalled(nil, readable: { _ in false }).isEmpty)
    }

    @Test func onlyTheUnifontFileMayBeMissing() {
        let missing = FallbackFonts.notInstalled(["unifont"], readable: { $0.hasSuffix(".otf") })
        #expect(missing.isEmpty)
    }
}
