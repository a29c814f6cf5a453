import Locking

/// A bus that touches no hardware: it writes the design's JSON-lines trace, one object per
/// operation, in order:
/// `{"op":"spi","dc":0,"data":"ae"}`, `{"op":"i2c","addr":60,"data":"00ae"}`,
/// `{"op":"gpio","line":"reset","value":0}`, `{"op":"sleep","ms":10}`,
/// `{"op":"wait","line":"busy","value":0}`. Waits succeed at once; sleeps take no time.
/// Its limits are `.trace`: SPI in spidev-sized transfers, I2C writes whole.
public final class TraceIO: PanelIO, @unchecked Sendable {
    private let sink: (String) -> Void
    private let lock = Locked(())

    /// `sink` receives each line with its trailing newline.
    public init(sink: @escaping (String) -> Void) {
        self.sink = sink
    }

    public func i2cWrite(address: UInt8, _ bytes: [UInt8]) throws(BusError) {
        emit(#"{"op":"i2c","addr":\#(address),"data":"\#(Hex.encode(bytes))"}"#)
    }

    public func spiWrite(_ bytes: [UInt8], dc: Int?) throws(BusError) {
        emit(#"{"op":"spi","dc":\#(dc.map(String.init) ?? "null"),"data":"\#(Hex.encode(bytes))"}"#)
    }

    public func setLine(_ line: String, _ value: Int) throws(BusError) {
        emit(#"{"op":"gpio","line":"\#(line)","value":\#(value)}"#)
    }

    public func waitForLine(_ line: String, value: Int, timeout: Duration) throws(BusError) {
        emit(#"{"op":"wait","line":"\#(line)","value":\#(value)}"#)
    }

    public func sleep(milliseconds: Int) {
        emit(#"{"op":"sleep","ms":\#(milliseconds)}"#)
    }

    private func emit(_ line: String) {
        lock.withLock { _ in sink(line + "\n") }
    }
}

/// Lower-case hex without separators, as the trace format has it.
public enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    public static func encode(_ bytes: [UInt8]) -> String {
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
