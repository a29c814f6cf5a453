import BoardConfig
import BoardRender
import Glibc

/// The fonts after a board's own: each opened lazily, at a size that matches the board's.
enum FallbackFonts {
    /// Debian's WenQuanYi Bitmap Song (xfonts-wqy), one file per pixel size.
    static let wenquanyi: [(pixels: Int, path: String)] = [
        (12, "/usr/share/fonts/X11/misc/wenquanyi_9pt.pcf"), (13, "/usr/share/fonts/X11/misc/wenquanyi_10pt.pcf"),
        (14, "/usr/share/fonts/X11/misc/wenquanyi_13px.pcf"), (15, "/usr/share/fonts/X11/misc/wenquanyi_11pt.pcf"),
        (16, "/usr/share/fonts/X11/misc/wenquanyi_12pt.pcf"),
    ]
    /// GNU Unifont (xfonts-unifont): 16 px, every script of the Basic Multilingual Plane.
    static let unifont = ["/usr/share/fonts/X11/misc/unifont.pcf.gz", "/usr/share/fonts/opentype/unifont/unifont.otf"]

    /// CJK is unreadable below 12 px: a smaller board font still gets 12-px fallbacks.
    static let smallestCJK = 12

    /// `references` as fonts for a board whose own font is `primary`; nil references means the
    /// system families that are installed. A named file that is missing is an error; a family
    /// that is not installed is left out (the box then shows what is missing).
    static func fonts(_ references: [String]?, primary: any Font, boardPath: String) throws(FallbackFontMissing) -> [any Font] {
        let (base, scale) = baseSize(of: primary)
        let wanted = max(base, smallestCJK)
        var fonts: [any Font] = []
        for reference in references ?? FallbackFont.defaults {
            switch reference {
            case "wenquanyi":
                let strikes = wenquanyi.filter { access($0.path, R_OK) == 0 }
                guard let strike = strikes.last(where: { $0.pixels <= wanted }) ?? strikes.first else { continue }
                fonts.append(lazy("WenQuanYi Bitmap Song \(strike.pixels)px", path: strike.path, pixels: strike.pixels, scale: scale))
            case "unifont":
                guard let path = unifont.first(where: { access($0, R_OK) == 0 }) else { continue }
                fonts.append(lazy("Unifont", path: path, pixels: 16, scale: base >= 16 ? scale : 1))
            default:
                let lower = reference.lowercased()
                let path: String
                if lower.contains(".") {
                    path = reference
                    guard access(path, R_OK) == 0 else {
                        throw FallbackFontMissing(description: "cannot read \(path): \(String(cString: strerror(errno)))")
                    }
                } else {
                    do { path = try FontLocator.bundledFont(reference, boardPath: boardPath) } catch {
                        throw FallbackFontMissing(description: error.description)
                    }
                }
                fonts.append(
                    lazy(reference, path: path, pixels: wanted, scale: lower.hasSuffix(".bdf") || !lower.contains(".") ? scale : 1))
            }
        }
        return fonts
    }

    /// The system families among `references` (named in the board, not the defaults) that
    /// are not installed, with the Debian package that installs each.
    static func notInstalled(
        _ references: [String]?, readable: (String) -> Bool = { access($0, R_OK) == 0 }
    ) -> [(name: String, package: String)] {
        (references ?? []).compactMap { reference in
            switch reference {
            case "wenquanyi": wenquanyi.contains { readable($0.path) } ? nil : (reference, "xfonts-wqy")
            case "unifont": unifont.contains(where: readable) ? nil : (reference, "xfonts-unifont")
            default: nil
            }
        }
    }

    /// The board font's unscaled line height and its whole-number scale.
    static func baseSize(of font: any Font) -> (lineHeight: Int, scale: Int) {
        if let scaled = font as? ScaledFont { return (scaled.base.lineHeight, scaled.scale) }
        return (font.lineHeight, 1)
    }

    private static func lazy(_ name: String, path: String, pixels: Int, scale: Int) -> LazyFont {
        LazyFont(name: name) {
            let font: (any Font)?
            if path.lowercased().hasSuffix(".bdf") {
                font = try? BDFFont.load(path: path)
            } else {
                font = try? FreeTypeFont(path: path, pixelSize: pixels)
            }
            guard let font else { return nil }
            return scale > 1 ? ScaledFont(font, scale: scale) : font
        }
    }
}

/// A fallback font the board names that is not there: a file that cannot be read, or a
/// bundled name with no file.
struct FallbackFontMissing: Error, CustomStringConvertible {
    var description: String
}
