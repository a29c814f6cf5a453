import Testing
import PanelCatalog
@testable import BoardConfig

/// HUB75 boards: the library's options under their own names, each mistake refused at its key.
@Suite struct HUB75OutputTests {
    static func board(display: String = "  width: 64\n  height: 32\n  format: rgb888\n", output: String) -> String {
        "source:\n  kind: demo\ndisplay:\n" + display + "output:\n  driver: hub75\n" + output
    }

    static func error(_ text: String) -> String? {
        boardError { () throws(BoardFileError) in try loader.parse(text, path: "b.yaml") }?.description
    }

    @Test func optionsAreReadUnderTheLibrarysNames() throws {
        let text = Self.board(
            display: "  width: 128\n  height: 64\n  format: rgb888\n",
            output: """
                  rows: 32
                  cols: 64
                  chain_length: 4
                  pixel_mapper: U-mapper
                  hardware_mapping: adafruit-hat-pwm
                  gpio_slowdown: 4
                  pwm_bits: 7
                  rgb_sequence: rbg
                  panel_type: fm6126a
                  hardware_pulse: false
                  limit_refresh_hz: 120
                  contrast: 128
                  driver_socket: /run/departure-board-hub75.sock

                """)
        let output = try #require(try loader.parse(text, path: "b.yaml").output)
        let options = try #require(output.hub75)
        #expect(options.rows == 32 && options.cols == 64 && options.chainLength == 4)
        #expect(options.hardwareMapping == "adafruit-hat-pwm" && options.gpioSlowdown == 4 && options.pwmBits == 7)
        #expect(options.rgbSequence == "RBG" && options.panelType == "FM6126A" && !options.hardwarePulse)
        #expect(options.limitRefreshHz == 120)
        #expect(output.hub75Driver == .socket("/run/departure-board-hub75.sock"))
        #expect(try options.visibleSize().get() == PanelSize(128, 64))
        let configuration = options.configurationText(width: 128, height: 64, brightnessPercent: 50)
        #expect(configuration.hasPrefix("width=128\nheight=64\nbrightness=50\nrows=32\ncols=64\nchain_length=4\nparallel=1\n"))
        #expect(configuration.contains("\npixel_mapper=U-mapper\n") && configuration.contains("\nled_rgb_sequence=RBG\n"))
        #expect(configuration.contains("\nhardware_pulse=0\n") && !configuration.contains("scan_mode"))
    }

    @Test func defaultsAreTheLibrarysAndTheDriverIsStartedBySign() throws {
        let output = try #require(
            try loader.parse(Self.board(display: "  width: 32\n  height: 32\n  format: rgb888\n", output: ""), path: "b.yaml").output)
        #expect(output.hub75 == HUB75Options())
        #expect(output.hub75Driver == .spawn(program: nil))
        #expect(output.contrast == 255)
        #expect(ContrastControl.percent.level(for: 255) == 100 && ContrastControl.percent.level(for: 0) == 1)
        #expect(ContrastControl.percent.level(for: 128) == 50)
    }

    @Test(
        "bad options are refused at their key",
        arguments: [
            ("  rows: 33\n", "b.yaml:9:9: output.rows: a HUB75 panel has 8, 16, 32 or 64 rows; got 33"),
            ("  cols: 64\n  chain_length: 0\n", "b.yaml:10:17: output.chain_length: must be between 1 and 32; got 0"),
            (
                "  cols: 64\n  hardware_mapping: adafruit\n",
                "b.yaml:10:21: output.hardware_mapping: expected one of regular, adafruit-hat, adafruit-hat-pwm, regular-pi1, classic, classic-pi1; got 'adafruit'"
            ),
            (
                "  cols: 64\n  rgb_sequence: RGX\n",
                "b.yaml:10:17: output.rgb_sequence: expected the letters R, G and B in the panel's order, such as RGB or RBG; got 'RGX'"
            ),
            ("  cols: 64\n  gpio_slowdown: 9\n", "b.yaml:10:18: output.gpio_slowdown: must be between 0 and 5; got 9"),
            ("  cols: 64\n  pwm_bits: 12\n", "b.yaml:10:13: output.pwm_bits: must be between 1 and 11; got 12"),
            (
                "  cols: 64\n  panel_type: FM9999\n",
                "b.yaml:10:15: output.panel_type: expected FM6126A or FM6127 (leave it out for ordinary panels); got 'FM9999'"
            ),
            ("  cols: 64\n  hardware_pulse: maybe\n", "b.yaml:10:19: output.hardware_pulse: expected true or false; got 'maybe'"),
            (
                "  cols: 32\n",
                "b.yaml:9:9: output.cols: cols 32 × chain_length 1 by rows 32 × parallel 1 make a 32×32 matrix; display is 64×32"
            ),
            (
                "  cols: 32\n  chain_length: 2\n  pixel_mapper: Rotate:45\n",
                "b.yaml:11:17: output.pixel_mapper: Rotate takes a multiple of 90 degrees (Rotate:90); got 'Rotate:45'"
            ),
            (
                "  cols: 32\n  chain_length: 2\n  pixel_mapper: Snake\n",
                "b.yaml:11:17: output.pixel_mapper: unknown pixel mapper 'Snake': expected U-mapper, V-mapper, V-mapper:Z, Mirror:H, Mirror:V, Rotate:<degrees>, separated by ';'"
            ),
            (
                "  cols: 64\n  chain_length: 1\n  pixel_mapper: U-mapper\n",
                "b.yaml:11:17: output.pixel_mapper: U-mapper folds the chain in two: chain_length must be even; got 1"
            ),
            (
                "  cols: 32\n  chain_length: 2\n  pixel_mapper: U-mapper\n",
                "b.yaml:11:17: output.pixel_mapper: cols 32 × chain_length 2 by rows 32 × parallel 1 through U-mapper make a 32×64 matrix; display is 64×32"
            ),
            (
                "  cols: 64\n  rows: 16\n  parallel: 2\n  hardware_mapping: adafruit-hat\n",
                "b.yaml:11:13: output.parallel: adafruit-hat wires one chain; parallel is 2"
            ),
            (
                "  cols: 64\n  device: /dev/spidev0.0\n",
                "b.yaml:10:3: output.device: does not apply to driver hub75 (only to ssd1306, sh1106, ssd1322, uc8179, ssd1680, max7219, ht16k33, fbdev)"
            ),
            (
                "  cols: 64\n  driver_socket: run/hub75.sock\n",
                "b.yaml:10:18: output.driver_socket: expected an absolute path; got 'run/hub75.sock'"
            ),
            (
                "  cols: 64\n  driver_socket: /run/a.sock\n  driver_program: /usr/bin/x\n",
                "b.yaml:11:3: output.driver_program: give driver_socket (a driver run by its own service) or driver_program (one the sign starts), not both"
            ),
        ])
    func badOptionIsRefusedAtItsKey(_ output: String, _ expected: String) {
        #expect(Self.error(Self.board(output: output)) == expected)
    }

    @Test func hub75KeysDoNotApplyToOtherDrivers() {
        let text =
            "source:\n  kind: demo\ndisplay:\n  width: 128\n  height: 64\n  format: mono\noutput:\n  driver: ssd1306\n  chain_length: 2\n"
        #expect(Self.error(text) == "b.yaml:9:3: output.chain_length: does not apply to driver ssd1306 (only to hub75)")
    }

    @Test func theDisplayMustBeRGB() {
        let text = Self.board(display: "  width: 64\n  height: 32\n  format: mono\n", output: "  cols: 64\n")
        #expect(
            Self.error(text)?.hasSuffix(
                "output.driver: hub75 needs a display of rgb888, the size its matrix options make; display is mono, 64×32") == true)
    }

    @Test func pixelMappersChangeTheVisibleSize() throws {
        var options = HUB75Options()
        options.cols = 64
        options.chainLength = 2
        options.pixelMapper = "Rotate:90"
        #expect(try options.visibleSize().get() == PanelSize(32, 128))
        options.pixelMapper = "U-mapper;Rotate:180;Mirror:H"
        #expect(try options.visibleSize().get() == PanelSize(64, 64))
        options.pixelMapper = "V-mapper"
        #expect(try options.visibleSize().get() == PanelSize(64, 64))
        options.chainLength = 3
        options.pixelMapper = "U-mapper"
        #expect(throws: HUB75Facts.Problem.self) { try options.visibleSize().get() }
    }
}
