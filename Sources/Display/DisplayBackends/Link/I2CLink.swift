/// A controller on I2C at a 7-bit address. SSD1306-family chips read a control byte first:
/// 0x00, the rest are commands; 0x40, the rest are display data (SSD1306 datasheet 8.1.5.2).
/// Chips without one (HT16K33) take a command byte followed by its data.
public struct I2CLink: PanelLink {
    public enum Framing: Sendable, Equatable {
        /// A control byte leads every write: `commandControl` or `dataControl`.
        case controlByte
        /// Each write is a command and its parameters; display data goes out as given.
        case commandFirst
    }

    public static let commandControl: UInt8 = 0x00
    public static let dataControl: UInt8 = 0x40

    public let io: any PanelIO
    public let address: UInt8
    public let framing: Framing

    public init(io: any PanelIO, address: UInt8, framing: Framing = .controlByte) {
        self.io = io
        self.address = address
        self.framing = framing
    }

    /// Under a control byte the whole burst is one command stream, so one write.
    public func commands(_ burst: [PanelCommand]) throws(BusError) {
        switch framing {
        case .controlByte: try write(lead: Self.commandControl, burst.flatMap(\.bytes))
        // The lead byte is a command (the HT16K33's RAM address pointer): repeated in a second
        // block it would mean something else, so such a write goes whole or fails at the bus.
        case .commandFirst: for command in burst { try io.i2cWrite(address: address, command.bytes) }
        }
    }

    public func data(_ bytes: [UInt8]) throws(BusError) {
        guard !bytes.isEmpty else { return }
        switch framing {
        case .controlByte: try write(lead: Self.dataControl, bytes)
        case .commandFirst: try io.i2cWrite(address: address, bytes)
        }
    }

    /// I2C modules tie RESET to an RC circuit: there is no line to pulse.
    public func reset() throws(BusError) {}

    /// The one place I2C writes are split: as SMBus block writes where the bus takes those
    /// (each block repeats the control byte, so the chip sees the same stream), whole on a trace.
    private func write(lead: UInt8, _ payload: [UInt8]) throws(BusError) {
        for block in I2CBlockWrite.plan([lead] + payload, limit: io.limits.i2c) {
            try io.i2cWrite(address: address, [block.control] + block.data)
        }
    }
}
