/// A controller on 4-wire SPI: command bytes with D/C low, data with D/C high. A chain without
/// a D/C line (MAX7219) sends everything with `dc: nil`.
public struct SPILink: PanelLink {
    public let io: any PanelIO
    public let parameters: ParameterStream
    public let hasDCLine: Bool
    /// nil when RESET is not wired (or tied to an RC circuit on the module).
    public let resetPulse: ResetPulse?

    public init(io: any PanelIO, parameters: ParameterStream, hasDCLine: Bool = true, resetPulse: ResetPulse? = nil) {
        self.io = io
        self.parameters = parameters
        self.hasDCLine = hasDCLine
        self.resetPulse = resetPulse
    }

    public func commands(_ burst: [PanelCommand]) throws(BusError) {
        switch parameters {
        case .command:
            try write(burst.flatMap(\.bytes), dc: 0)
        case .data:
            for command in burst {
                try write([command.code], dc: 0)
                try write(command.parameters, dc: 1)
            }
        }
    }

    public func data(_ bytes: [UInt8]) throws(BusError) {
        try write(bytes, dc: 1)
    }

    public func reset() throws(BusError) {
        try resetPulse?.send(on: io)
    }

    /// The one place SPI writes are split: transfers no longer than the bus takes, D/C held
    /// for all of them. Nothing is sent for no bytes.
    private func write(_ bytes: [UInt8], dc: Int) throws(BusError) {
        let level = hasDCLine ? dc : nil
        for range in Self.chunks(count: bytes.count, limit: io.limits.spi) {
            try io.spiWrite(range.count == bytes.count ? bytes : Array(bytes[range]), dc: level)
        }
    }

    /// Consecutive ranges covering `0..<count`, none longer than `limit` (any limit, `.max`
    /// included): how SPI writes are split.
    public static func chunks(count: Int, limit: Int) -> [Range<Int>] {
        let limit = max(1, limit)
        return stride(from: 0, to: max(0, count), by: limit).map { $0..<($0 + min(limit, count - $0)) }
    }
}
