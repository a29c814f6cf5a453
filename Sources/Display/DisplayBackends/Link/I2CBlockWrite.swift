import LinuxDevices

/// One SMBus transaction of a whole I2C write: the control byte goes out as the SMBus
/// command, followed by at most 32 data bytes (none: a plain byte write).
public struct I2CBlockWrite: Equatable, Sendable {
    public var control: UInt8
    public var data: [UInt8]

    public init(control: UInt8, data: [UInt8]) {
        self.control = control
        self.data = data
    }

    /// I2C_SMBUS_BLOCK_MAX: the most data one SMBus block transfer carries.
    public static let maxData = I2CAdapter.blockMax

    /// Splits `[control, d0…dn]` into writes of at most `limit` data bytes that each repeat
    /// the control byte, so the controller sees the same stream type (command or data) in
    /// every transaction. An empty write plans nothing. `I2CLink` plans with the bus's limit.
    public static func plan(_ bytes: [UInt8], limit: Int = maxData) -> [I2CBlockWrite] {
        guard let control = bytes.first else { return [] }
        let data = bytes.dropFirst()
        if data.isEmpty { return [I2CBlockWrite(control: control, data: [])] }
        let limit = max(1, limit)
        return stride(from: data.startIndex, to: data.endIndex, by: limit).map { start in
            I2CBlockWrite(control: control, data: Array(data[start..<(start + min(limit, data.endIndex - start))]))
        }
    }
}
