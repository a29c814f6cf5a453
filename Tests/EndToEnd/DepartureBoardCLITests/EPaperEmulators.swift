import DisplayBackends
import PanelTestSupport

/// The e-paper emulators for the shipped e-paper boards.
enum EPaperEmulators {
    static func make(_ board: String) -> (any PanelEmulator)? {
        switch board {
        case "epaper-7in5": return UC8179Emulator(width: 800, height: 480)
        case "epaper-2in13": return SSD1680Emulator()
        default: return nil
        }
    }
}
