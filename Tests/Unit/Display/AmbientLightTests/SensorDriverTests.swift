@testable import AmbientLight
import Testing

/// A chip's registers as the datasheet lays them out, and every transfer asked of it.
final class FakeBus: SensorBus {
    var bytes: [UInt8: UInt8] = [:]
    var words: [UInt8: UInt16] = [:]
    var received: [UInt8] = []
    var log: [String] = []
    var failure: LightSensorError?

    func writeByte(_ register: UInt8, _ value: UInt8) throws(LightSensorError) {
        if let failure { throw failure }
        log.append("wb \(register) \(value)")
        bytes[register] = value
    }
    func readByte(_ register: UInt8) throws(LightSensorError) -> UInt8 {
        if let failure { throw failure }
        return bytes[register] ?? 0
    }
    func writeWord(_ register: UInt8, _ value: UInt16) throws(LightSensorError) {
        if let failure { throw failure }
        log.append("ww \(register) \(value)")
        words[register] = value
    }
    func readWord(_ register: UInt8) throws(LightSensorError) -> UInt16 {
        if let failure { throw failure }
        return words[register] ?? 0
    }
    func send(_ byte: UInt8) throws(LightSensorError) {
        if let failure { throw failure }
        log.append("send \(byte)")
    }
    func receive(count: Int) throws(LightSensorError) -> [UInt8] {
        if let failure { throw failure }
        return Array(received.prefix(count))
    }
}

@Suite struct SensorDriverTests {
    @Test func veml7700IsSetToAnEighthGainAndAHundredMillisecondsPoweredOn() throws {
        let bus = FakeBus()
        try VEML7700(bus: bus).configure()
        // ALS_CONF_0: ALS_GAIN (bits 12:11) = 10 (×1/8), ALS_IT (9:6) = 0000 (100 ms), ALS_SD = 0.
        #expect(bus.words[0x00] == 0x1000)
        #expect(bus.words[0x03] == 0, "power saving off")
    }

    @Test("VEML7700 counts become lux at 0.4608 lx a count", arguments: [(0, 0.0), (1, 0.4608), (1000, 460.8), (65535, 30198.528)])
    func vemlLux(_ count: Int, _ lux: Double) throws {
        let bus = FakeBus()
        bus.words[0x04] = UInt16(count)
        let read = try VEML7700(bus: bus).readLux()
        #expect(abs(read - lux) < 0.001, "\(read)")
    }

    @Test func tsl2591ChecksItsIDThenSetsGainAndTimeAndPowersOn() throws {
        let bus = FakeBus()
        bus.bytes[0xB2] = 0x50
        try TSL2591(bus: bus).configure()
        // Every register through the command byte 0xA0; CONTROL 0x10 (AGAIN 01, ATIME 000), ENABLE 0x03.
        #expect(bus.log == ["wb 161 16", "wb 160 3"])
    }

    @Test func tsl2591RefusesAnotherChip() {
        let bus = FakeBus()
        bus.bytes[0xB2] = 0x28
        #expect(throws: LightSensorError.self) { try TSL2591(bus: bus).configure() }
        do {
            try TSL2591(bus: bus).configure()
        } catch {
            #expect(error.kind == .wrongChip)
            #expect(error.message.contains("0x28"))
        }
        #expect(bus.log.isEmpty, "nothing written to a chip that is not a TSL2591")
    }

    @Test func tsl2591LuxTakesTheLargerSegmentAndNeverGoesBelowZero() throws {
        let bus = FakeBus()
        // 100 ms at ×25: 6.127 counts a lux. C0 1000, C1 200: (1000 − 328) / 6.127 = 109.7 lx.
        bus.words[0xB4] = 1000
        bus.words[0xB6] = 200
        #expect(abs(try TSL2591(bus: bus).readLux() - 672 / (2500.0 / 408)) < 0.001)
        // Mostly infrared (C1 above 0.53 C0): the second segment, 0.59 C0 − 0.86 C1, is the larger.
        bus.words[0xB6] = 580
        #expect(abs(try TSL2591(bus: bus).readLux() - (590 - 0.86 * 580) / (2500.0 / 408)) < 0.001)
        bus.words[0xB6] = 1000
        #expect(try TSL2591(bus: bus).readLux() == 0)
    }

    @Test func bh1750PowersOnIntoContinuousHighResolutionAndReadsHighByteFirst() throws {
        let bus = FakeBus()
        let sensor = BH1750(bus: bus)
        try sensor.configure()
        #expect(bus.log == ["send 1", "send 16"])
        bus.received = [0x01, 0x90]
        #expect(abs(try sensor.readLux() - 400 / 1.2) < 0.0001)
    }

    @Test func aSilentBusReachesTheCallerAsItsError() {
        let bus = FakeBus()
        bus.failure = LightSensorError(.noAnswer, "no answer")
        for model in LightSensorModel.allCases {
            #expect(throws: LightSensorError(.noAnswer, "no answer")) { try model.driver(on: bus).readLux() }
        }
    }

    @Test func aMissingBusSaysSo() {
        do {
            _ = try LightSensorModel.veml7700.open(device: "/dev/i2c-no-such-bus", address: 0x10)
            Issue.record("opened a bus that does not exist")
        } catch {
            #expect(error.kind == .noBus)
            #expect(error.message.contains("/dev/i2c-no-such-bus"))
        }
    }

    @Test func anAddressOutsideSevenBitsIsRefusedBeforeAnyIO() {
        #expect(throws: LightSensorError.self) { try I2CSensorBus(path: "/dev/null", address: 0x80) }
        #expect(throws: LightSensorError.self) { try I2CSensorBus(path: "/dev/null", address: 0x02) }
    }

    @Test func defaultAddressesAreTheDatasheets() {
        #expect(LightSensorModel.veml7700.defaultAddress == 0x10)
        #expect(LightSensorModel.tsl2591.defaultAddress == 0x29)
        #expect(LightSensorModel.bh1750.defaultAddress == 0x23)
    }
}
