@testable import BoardConfig
import PanelCatalog
import Testing
import Framebuffer

/// The output keys each driver takes are read off the panel table; this is the table a
/// user sees in Boards/docs/panels.md ("The panel: output:"), written out, so a change to the facts that moves a key shows.
struct PanelTableTests {
    static let expected: [String: Set<OutputSettings.Driver>] = [
        "bus": [.ssd1306, .sh1106],
        "address": [.ssd1306, .sh1106, .ht16k33],
        "speed_hz": [.ssd1306, .sh1106, .ssd1322, .uc8179, .ssd1680, .max7219],
        "spi_mode": [.ssd1306, .sh1106, .ssd1322, .uc8179, .ssd1680, .max7219],
        "gpio_chip": [.ssd1306, .sh1106, .ssd1322, .uc8179, .ssd1680],
        "dc": [.ssd1306, .sh1106, .ssd1322, .uc8179, .ssd1680],
        "reset": [.ssd1306, .sh1106, .ssd1322, .uc8179, .ssd1680],
        "busy": [.uc8179, .ssd1680],
        "contrast": [.ssd1306, .sh1106, .ssd1322, .max7219, .ht16k33, .hub75],
        "modules": [.max7219], "first_module": [.max7219], "module_rotation": [.max7219],
        "colors": [.uc8179],
        "full_refresh_every": [.uc8179, .ssd1680], "full_refresh_after": [.uc8179, .ssd1680],
        "min_refresh_interval": [.uc8179, .ssd1680], "busy_timeout": [.uc8179, .ssd1680],
        "device": [.ssd1306, .sh1106, .ssd1322, .uc8179, .ssd1680, .max7219, .ht16k33, .fbdev],
        "path": [.image],
        // hzeller's options and where the driver process is: HUB75 only.
        "rows": [.hub75], "cols": [.hub75], "chain_length": [.hub75], "parallel": [.hub75],
        "hardware_mapping": [.hub75], "gpio_slowdown": [.hub75], "pwm_bits": [.hub75],
        "pwm_lsb_nanoseconds": [.hub75], "pwm_dither_bits": [.hub75], "scan_mode": [.hub75],
        "row_address_type": [.hub75], "multiplexing": [.hub75], "rgb_sequence": [.hub75],
        "pixel_mapper": [.hub75], "panel_type": [.hub75], "hardware_pulse": [.hub75],
        "limit_refresh_hz": [.hub75], "inverse_colors": [.hub75], "driver_socket": [.hub75], "driver_program": [.hub75],
    ]

    @Test(arguments: OutputSchema.output.keys)
    func driversTakingEachKey(key: String) {
        #expect(OutputSchema.drivers(taking: key) == Self.expected[key])
    }

    @Test func acceptedDisplaysInWords() {
        #expect(OutputSettings.accepts(.ssd1306, format: .mono, width: 128, height: 48) == "mono, 128×64 or 128×32")
        #expect(
            OutputSettings.accepts(.max7219, format: .mono, width: 30, height: 8)
                == "mono, a multiple of 8 in both directions (8×8 modules)")
        #expect(
            OutputSettings.accepts(.fbdev, format: .mono, width: 10, height: 10)
                == "rgb565 or rgb888, the screen's size or smaller")
        #expect(OutputSettings.accepts(.uc8179, format: .bwr, width: 800, height: 480) == nil)
    }

    @Test func defaultWiringPerDriver() {
        let oledSPI = OutputSettings.defaults(for: .ssd1306, bus: .spi)
        #expect(oledSPI.device == "/dev/spidev0.0" && oledSPI.dc == 24 && oledSPI.reset == 25 && oledSPI.speedHz == 8_000_000)
        let oledI2C = OutputSettings.defaults(for: .sh1106)
        #expect(oledI2C.bus == .i2c && oledI2C.address == 0x3C && oledI2C.device == "/dev/i2c-1")
        let paper = OutputSettings.defaults(for: .ssd1680)
        #expect(paper.dc == 25 && paper.reset == 17 && paper.busy == 24 && paper.speedHz == 4_000_000)
        #expect(OutputSettings.defaults(for: .max7219).contrast == 32)
        #expect(OutputSettings.defaults(for: .ht16k33).address == 0x70)
        #expect(OutputSettings.defaults(for: .ht16k33).contrast == 128)
        #expect(OutputSettings.defaults(for: .fbdev).device == "/dev/fb0")
    }
}
