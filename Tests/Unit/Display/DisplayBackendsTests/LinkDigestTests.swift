import Framebuffer
@testable import DisplayBackends
import PanelTestSupport
import Testing

/// Digests of what every driver sends through a whole life (initialise, full and damaged
/// pushes, contrast, sleep, wake), recorded before the panel link layer was introduced: on
/// a trace, and on `HardwareIO` as the SMBus transactions and spidev transfers a stock
/// kernel gets. Any change in framing, chunking, reset or line order changes a digest. The
/// fake devices still split as the old ones did, so the digests compare like with like,
/// and count writes the link should have split.
@Suite struct LinkDigestTests {
    /// One scenario: a driver on a bus, two frames and the clock step between pushes.
    struct Life {
        var name: String
        var first: Framebuffer
        var second: Framebuffer
        var make: (any PanelIO, EPaperTestClock) -> any PanelDriver
    }

    static func lives() -> [Life] {
        func mono(_ height: Int) -> (Framebuffer, Framebuffer) {
            let a = OLEDPattern.text.frame(width: 128, height: height, format: .mono)
            var b = a
            b.fill(Rect(x: 20, y: 10, width: 10, height: 12), with: PixelValue(1))
            b.fill(Rect(x: 90, y: 3, width: 7, height: 4), with: PixelValue(1))
            return (a, b)
        }
        let (m64a, m64b) = mono(64), (m32a, m32b) = mono(32)
        let g4a = OLEDPattern.text.frame(width: 256, height: 64, format: .gray4)
        var g4b = g4a
        g4b.fill(Rect(x: 37, y: 20, width: 10, height: 12), with: PixelValue(9))
        let pa = EPaperFixture.pattern(width: 250, height: 122, seed: 21)
        let pb = EPaperFixture.changed(pa, in: Rect(x: 30, y: 17, width: 40, height: 20), seed: 22)
        let ua = EPaperFixture.pattern(width: 800, height: 480, seed: 31)
        let ub = EPaperFixture.changed(ua, in: Rect(x: 100, y: 50, width: 64, height: 30), seed: 32)
        let ha = LEDPattern.text(width: 16, height: 8), hb = LEDPattern.random(width: 16, height: 8, seed: 5)
        let ma = LEDPattern.text(width: 32, height: 8), mb = LEDPattern.random(width: 32, height: 8, seed: 6)
        let m2a = LEDPattern.text(width: 32, height: 16), m2b = LEDPattern.random(width: 32, height: 16, seed: 7)
        return [
            Life(name: "ssd1306-i2c-64", first: m64a, second: m64b) { io, _ in SSD1306Driver(io: io, bus: .i2c()) },
            Life(name: "ssd1306-spi-32", first: m32a, second: m32b) { io, _ in
                SSD1306Driver(io: io, bus: .spi(), size: .oled128x32, contrast: 0x8F)
            },
            Life(name: "ssd1306-spi-noreset", first: m64a, second: m64b) { io, _ in SSD1306Driver(io: io, bus: .spi(reset: false)) },
            Life(name: "sh1106-i2c-3d", first: m64a, second: m64b) { io, _ in SH1106Driver(io: io, bus: .i2c(address: 0x3D)) },
            Life(name: "sh1106-spi", first: m64a, second: m64b) { io, _ in SH1106Driver(io: io, bus: .spi(), columnOffset: 0) },
            Life(name: "ssd1322", first: g4a, second: g4b) { io, _ in SSD1322Driver(io: io) },
            Life(name: "ssd1322-noreset", first: g4a, second: g4b) { io, _ in SSD1322Driver(io: io, contrast: 0x30, resetLine: false) },
            Life(name: "ssd1680", first: pa, second: pb) { io, clock in SSD1680Driver(io: io, now: clock.now) },
            Life(name: "uc8179-bw", first: ua, second: ub) { io, clock in UC8179Driver(io: io, now: clock.now) },
            Life(name: "uc8179-bwr", first: ua, second: ub) { io, clock in
                UC8179Driver(io: io, colors: .blackWhiteRed, now: clock.now)
            },
            Life(name: "ht16k33", first: ha, second: hb) { io, _ in HT16K33Driver(io: io, address: 0x71) },
            Life(name: "max7219-4", first: ma, second: mb) { io, _ in MAX7219ChainDriver(io: io, modules: 4)! },
            Life(name: "max7219-8x2", first: m2a, second: m2b) { io, _ in
                MAX7219ChainDriver(io: io, modules: 8, rows: 2, serpentine: true, rotation: .r90)!
            },
        ]
    }

    /// The life every driver goes through.
    static func live(_ life: Life, io: any PanelIO) throws {
        let clock = EPaperTestClock()
        let driver = life.make(io, clock)
        let (a, b) = (life.first, life.second)
        try driver.initialise()
        try driver.push(a, damage: [a.bounds])
        clock.advance(.seconds(11))
        try driver.push(b, damage: Damage.rects(from: a, to: b))
        clock.advance(.seconds(11))
        try driver.push(b, damage: [])
        try driver.setContrast(0x40)
        try driver.sleep()
        clock.advance(.seconds(11))
        try driver.push(b, damage: [])
        clock.advance(.seconds(11))
        try driver.push(a, damage: [a.bounds])
        try driver.initialise()
    }

    /// FNV-1a, 64 bit: enough to notice any changed byte, and no dependency.
    static func digest(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    static func traceDigest(_ life: Life) throws -> String {
        var text = ""
        try live(life, io: TraceIO { text += $0 })
        return "\(digest(text)) \(text.utf8.count)"
    }

    static func wireDigest(_ life: Life) throws -> String {
        let wire = WireLog()
        let io = HardwareIO(
            i2c: WireI2C(wire), spi: WireSPI(wire), lines: WireLines(wire, busy: life.name.hasPrefix("uc8179") ? 1 : 0),
            pollInterval: .zero)
        try live(life, io: io)
        #expect(wire.oversized == 0, "\(life.name): the link splits every write to what the bus takes")
        return "\(digest(wire.text)) \(wire.text.utf8.count)"
    }

    /// Digest and length of each life's trace.
    static let expectedTraces: [String: String] = [
        "ht16k33": "fe56e26de4da1737 660",
        "max7219-4": "f24dfaa2784f44e0 2450",
        "max7219-8x2": "75aa3e7517692cc2 3380",
        "sh1106-i2c-3d": "7be2f87db278d82a 11453",
        "sh1106-spi": "f191d213d7f1ce4e 11428",
        "ssd1306-i2c-64": "fe626a6995fe6f8c 9161",
        "ssd1306-spi-32": "e17f665406ae3ec9 5330",
        "ssd1306-spi-noreset": "ec89d4de1e4c3524 9056",
        "ssd1322": "2e30cbaeb3dd267 69648",
        "ssd1322-noreset": "d18cf7f0aba5141 69278",
        "ssd1680": "a8d55703585c0b0f 104014",
        "uc8179-bw": "c8915473886b4ee9 1161211",
        "uc8179-bwr": "3974bdf19a1accf7 1352503",
    ]
    /// Digest and length of what the kernel gets for each life.
    static let expectedWires: [String: String] = [
        "ht16k33": "d8b8bf79842725b9 352",
        "max7219-4": "fa13447efd6f810a 1350",
        "max7219-8x2": "27e4c58450eaaca2 2236",
        "sh1106-i2c-3d": "3d1d4e9807a1b9c6 11171",
        "sh1106-spi": "cd9964a789b65b06 9550",
        "ssd1306-i2c-64": "b62b75d377fa44fe 10311",
        "ssd1306-spi-32": "76a31881242fb7c1 4612",
        "ssd1306-spi-noreset": "a1aa608ae52f64a8 8636",
        "ssd1322": "a2414b232c580dff 67110",
        "ssd1322-noreset": "4ccd8fe050925435 67038",
        "ssd1680": "a1327645ac1df2ef 99308",
        "uc8179-bw": "1f16da0fbf697f13 1155804",
        "uc8179-bwr": "3079dd9974b474dd 1346816",
    ]

    @Test func tracesAreAsBeforeTheLinkLayer() throws {
        for life in Self.lives() {
            let got = try Self.traceDigest(life)
            #expect(got == Self.expectedTraces[life.name], "\(life.name)")
        }
    }

    @Test func wireIsAsBeforeTheLinkLayer() throws {
        for life in Self.lives() {
            let got = try Self.wireDigest(life)
            #expect(got == Self.expectedWires[life.name], "\(life.name)")
        }
    }
}

/// What a stock kernel gets, as text: one line per SMBus transaction, spidev transfer
/// (with the D/C level in force) and line change or read.
final class WireLog {
    var text = ""
    var dc = -1
    /// Writes longer than the device takes in one transaction (the devices no longer split).
    var oversized = 0
    func add(_ line: String) { text += line + "\n" }
}

/// Splits I2C writes as SMBus block writes do.
final class WireI2C: I2CTransport {
    let log: WireLog
    init(_ log: WireLog) { self.log = log }
    func write(address: UInt8, _ bytes: [UInt8]) throws(BusError) {
        if bytes.count > 1 + I2CBlockWrite.maxData { log.oversized += 1 }
        for block in I2CBlockWrite.plan(bytes) {
            log.add("smbus \(address) \(Hex.encode([block.control])) \(Hex.encode(block.data))")
        }
    }
}

/// Splits SPI writes at spidev's default bufsiz, as a stock kernel takes them.
final class WireSPI: SPITransport {
    let log: WireLog
    init(_ log: WireLog) { self.log = log }
    func write(_ bytes: [UInt8]) throws(BusError) {
        if bytes.count > SPIDevice.defaultBufsiz { log.oversized += 1 }
        for range in SPILink.chunks(count: bytes.count, limit: SPIDevice.defaultBufsiz) {
            log.add("spi dc=\(log.dc) \(Hex.encode(Array(bytes[range])))")
        }
    }
}

final class WireLines: LineControl {
    let log: WireLog
    let busy: Int
    init(_ log: WireLog, busy: Int) {
        self.log = log
        self.busy = busy
    }
    func has(_ role: String) -> Bool { true }
    func describe(_ role: String) -> String { role }
    func set(_ role: String, _ value: Int) throws(BusError) {
        if role == "dc" {
            log.dc = value
        } else {
            log.add("set \(role) \(value)")
        }
    }
    func get(_ role: String) throws(BusError) -> Int {
        log.add("get \(role)")
        return busy
    }
}
