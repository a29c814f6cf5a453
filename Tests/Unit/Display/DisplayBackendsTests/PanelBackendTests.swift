import DisplayBackends
import Framebuffer
import Testing

/// A driver whose bus fails on command, counting what the backend asks of it.
final class FlakyDriver: PanelDriver {
    let width = 8, height = 8
    let format = PixelFormat.mono
    var failures: [BusError] = []
    var initialisations = 0
    var pushes: [[Rect]] = []
    var slept = false

    func initialise() throws(BusError) {
        if !failures.isEmpty { throw failures.removeFirst() }
        initialisations += 1
    }

    func push(_ frame: Framebuffer, damage: [Rect]) throws(BusError) {
        if !failures.isEmpty { throw failures.removeFirst() }
        pushes.append(damage)
    }

    func setContrast(_ value: UInt8) throws(BusError) {}
    func sleep() throws(BusError) { slept = true }
}

struct PanelBackendTests {
    let frame = Framebuffer(width: 8, height: 8, format: .mono)
    let eio = BusError(.transient, device: "/dev/i2c-1", message: "write failed: Input/output error")

    @Test func initialisesOnceAndSendsTheWholeFirstFrame() throws {
        let driver = FlakyDriver()
        let backend = PanelBackend(driver: driver, name: "test", pause: { _ in })
        try backend.present(frame, damage: [])
        try backend.present(frame, damage: [Rect(x: 1, y: 1, width: 2, height: 2)])
        #expect(driver.initialisations == 1)
        #expect(driver.pushes == [[frame.bounds], [Rect(x: 1, y: 1, width: 2, height: 2)]])
        backend.shutdown()
        #expect(driver.slept)
    }

    @Test func transientFaultsBackOffAndReinitialise() throws {
        let driver = FlakyDriver()
        var waits: [Duration] = []
        let backend = PanelBackend(driver: driver, name: "test", backoff: .milliseconds(100), pause: { waits.append($0) })
        try backend.present(frame, damage: [])
        driver.failures = [eio, eio]  // the push fails, then the re-initialisation fails once
        try backend.present(frame, damage: [Rect(x: 0, y: 0, width: 1, height: 1)])
        #expect(waits == [.milliseconds(100), .milliseconds(200)])
        #expect(driver.initialisations == 2, "re-initialised after the fault")
        #expect(driver.pushes.last == [frame.bounds], "and the whole frame sent again")
        #expect(backend.recoveries == 1)
    }

    @Test func givesUpWithTheBusErrorAfterTheLastAttempt() {
        let driver = FlakyDriver()
        driver.failures = Array(repeating: eio, count: 10)
        let backend = PanelBackend(driver: driver, name: "test", attempts: 3, pause: { _ in })
        #expect(throws: DisplayError.self) { try backend.present(frame, damage: []) }
        do {
            try backend.present(frame, damage: [])
        } catch {
            #expect(error.description.contains("/dev/i2c-1") && error.description.contains("gave up after 3 attempts"))
        }
    }

    @Test func permissionErrorsAreNotRetried() {
        let driver = FlakyDriver()
        driver.failures = [
            BusError(
                .permissionDenied, device: "/dev/spidev0.0", message: "open: permission denied; add the service's user to the 'spi' group")
        ]
        var waits = 0
        let backend = PanelBackend(driver: driver, name: "test", pause: { _ in waits += 1 })
        #expect(throws: DisplayError.self) { try backend.present(frame, damage: []) }
        #expect(waits == 0)
    }
}
