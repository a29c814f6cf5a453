import DisplayBackends
import Glibc
import PanelTestSupport
import Testing

struct TraceTests {
    @Test func writesTheDesignsLinesAndReadsThemBack() throws {
        var lines: [String] = []
        let io = TraceIO { lines.append($0) }
        try io.spiWrite([0xAE], dc: 0)
        try io.spiWrite([0x00, 0xFF], dc: 1)
        try io.spiWrite([0x0C, 0x01], dc: nil)
        try io.i2cWrite(address: 60, [0x00, 0xAE])
        try io.setLine("reset", 0)
        io.sleep(milliseconds: 10)
        try io.waitForLine("busy", value: 0, timeout: .seconds(5))
        #expect(
            lines == [
                #"{"op":"spi","dc":0,"data":"ae"}"# + "\n",
                #"{"op":"spi","dc":1,"data":"00ff"}"# + "\n",
                #"{"op":"spi","dc":null,"data":"0c01"}"# + "\n",
                #"{"op":"i2c","addr":60,"data":"00ae"}"# + "\n",
                #"{"op":"gpio","line":"reset","value":0}"# + "\n",
                #"{"op":"sleep","ms":10}"# + "\n",
                #"{"op":"wait","line":"busy","value":0}"# + "\n",
            ])
        #expect(
            try TraceOp.parse(lines.joined()) == [
                .spi(dc: 0, data: [0xAE]), .spi(dc: 1, data: [0x00, 0xFF]), .spi(dc: nil, data: [0x0C, 0x01]),
                .i2c(address: 60, data: [0x00, 0xAE]), .gpio(line: "reset", value: 0), .sleep(milliseconds: 10),
                .wait(line: "busy", value: 0),
            ])
    }

    @Test func windowsLineEndingsReadTheSame() throws {
        let ops = try TraceOp.parse("{\"op\":\"sleep\",\"ms\":1}\r\n\r\n{\"op\":\"sleep\",\"ms\":2}\r\n")
        #expect(ops == [.sleep(milliseconds: 1), .sleep(milliseconds: 2)])
    }

    @Test(arguments: [
        (#"{"op":"spi","dc":0,"data":"a"}"#, "trace line 1: data: expected hex"),
        (#"{"op":"dance"}"#, "trace line 1: unknown op 'dance'"),
        (#"{"op":"i2c","addr":200,"data":"00"}"#, "trace line 1: addr: 200 is not a 7-bit address"),
        (#"not json"#, "trace line 1: not a flat JSON object"),
        (#"{"op":"spi","dc":"x","data":"00"}"#, "trace line 1: dc: expected 0, 1 or null"),
    ])
    func rejectsBrokenLinesNamingThem(line: String, message: String) {
        #expect(throws: TraceOp.ParseError.self) { try TraceOp.parse(line) }
        do {
            _ = try TraceOp.parse(line)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func errnoClassificationNamesDeviceAndGroup() {
        let denied = BusError.fromErrno(EACCES, device: "/dev/i2c-1", operation: "open", group: "i2c")
        #expect(denied.kind == .permissionDenied)
        #expect(denied.description.contains("/dev/i2c-1") && denied.description.contains("'i2c' group"))
        #expect(BusError.fromErrno(EIO, device: "/dev/spidev0.0", operation: "write", group: "spi").kind == .transient)
        #expect(BusError.fromErrno(ENXIO, device: "/dev/i2c-1", operation: "write", group: "i2c").kind == .transient)
        #expect(BusError.fromErrno(ENOENT, device: "/dev/i2c-7", operation: "open", group: "i2c").kind == .missingDevice)
    }
}
