import Testing
import LinuxDevices
#if canImport(Glibc)
import Glibc
#endif

@Suite struct SpidevBufsizTests {
    @Test(arguments: [("4096\n", 4096), (" 65536 \n", 65536), ("1", 1)])
    func bufsizParsesTheModuleParameter(text: String, expected: Int) {
        #expect(Spidev.parseBufsiz(text) == expected)
    }

    @Test(arguments: ["", "abc", "0", "-1", "4096 bytes", "\n"])
    func bufsizRejectsMalformedText(text: String) {
        #expect(Spidev.parseBufsiz(text) == nil)
    }

    @Test func bufsizIsReadFromSysfsOrDefaults() throws {
        let path = try DeviceNodeTests.file("bufsiz", Array("8192\n".utf8))
        defer { unlink(path) }
        #expect(Spidev.systemBufsiz(path: path) == 8192)
        #expect(Spidev.systemBufsiz(path: "/nonexistent/bufsiz") == Spidev.defaultBufsiz)
        #expect(Spidev.defaultBufsiz == 4096)
    }
}
