import BoardRender
import Framebuffer
import Testing

/// WCAG 2's contrast, and how the palette uses it for text on badges.
struct ContrastTests {
    @Test func knownRatios() {
        #expect(RGB.white.contrastRatio(with: .black) == 21)
        #expect(RGB.white.contrastRatio(with: .white) == 1)
        // The issue's own figure: white on Sydney's 333 blue is about 2.4:1.
        let blue = RGB(0x00, 0xb5, 0xef)
        #expect((2.35...2.40).contains(RGB.white.contrastRatio(with: blue)))
        #expect((8.8...9.0).contains(RGB.black.contrastRatio(with: blue)))
        // #767676 is the lightest grey with 4.5:1 on white (a figure web designers use).
        #expect((4.54...4.55).contains(RGB(0x76, 0x76, 0x76).contrastRatio(with: .white)))
    }

    func shown(_ palette: Palette, _ color: LogicalColor) -> RGB { palette.format.color(of: palette.value(color)) }

    @Test func badgeTextTakesTheColourWithTheHigherRatio() {
        let palette = Palette(format: .rgb888)
        #expect(shown(palette, .badgeText(RGB(0x00, 0xb5, 0xef))) == .black)
        #expect(shown(palette, .badgeText(RGB(0x00, 0x5a, 0xa3))) == .white)
        #expect(shown(palette, .badgeText(RGB(0xf9, 0x9d, 0x1c))) == .black)
    }

    @Test func aFeedsTextColourStaysOnlyWhereItReads() {
        let palette = Palette(format: .rgb888)
        // Navy on navy gives way; white on a dark green stays.
        #expect(shown(palette, .routeText(RGB(0x00, 0x10, 0x40), on: RGB(0x00, 0x20, 0x60))) == .white)
        #expect(shown(palette, .routeText(.white, on: RGB(0x00, 0x6b, 0x3f))) == .white)
        #expect(shown(palette, .routeText(RGB(0xff, 0xf2, 0x00), on: RGB(0x00, 0x20, 0x60))) == RGB(0xff, 0xf2, 0x00))
        let chosen = Palette(format: .rgb888, overrides: ["badge_text": .white])
        #expect(shown(chosen, .badgeText(RGB(0x00, 0xb5, 0xef))) == .black, "a board's badge_text below 3:1 gives way")
        #expect(shown(chosen, .badgeText(RGB(0x00, 0x5a, 0xa3))) == .white)
    }

    @Test func anLEDBadgeKeepsLitTextAndDimsItsFill() {
        let led = Palette(format: .rgb888, ledMatrix: true)
        let blue = RGB(0x00, 0xb5, 0xef)
        let fill = shown(led, .badge(blue))
        #expect(shown(led, .badgeText(blue)) == .white)
        #expect(RGB.white.contrastRatio(with: fill) >= 4.5)
        // The same hue, dimmer: no channel grows and the blue stays the brightest.
        #expect(fill.red == 0 && fill.green < blue.green && fill.blue < blue.blue && fill.blue > fill.green)
        // A colour that already reads keeps its brightness.
        #expect(shown(led, .badge(RGB(0x00, 0x5a, 0xa3))) == RGB(0x00, 0x5a, 0xa3))
    }
}
