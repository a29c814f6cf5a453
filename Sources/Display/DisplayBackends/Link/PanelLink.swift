/// One controller command: its code byte and the parameter bytes that follow it.
public struct PanelCommand: Equatable, Sendable {
    public var code: UInt8
    public var parameters: [UInt8]

    public init(_ code: UInt8, _ parameters: [UInt8] = []) {
        self.code = code
        self.parameters = parameters
    }

    /// The code, then the parameters: how chips that read parameters as command bytes take it.
    public var bytes: [UInt8] { [code] + parameters }
}

/// Where a controller reads a command's parameters: SSD1306-family chips as further command
/// bytes (D/C low, or after control byte 0x00); SSD1322 and the e-paper controllers as data
/// after the command byte (D/C high).
public enum ParameterStream: Sendable, Equatable {
    case command, data
}

/// What every panel driver speaks, as luma.core's serial interfaces and the display-interface
/// crate have it: commands and display data. The link under it owns the wire: the D/C level or
/// the I2C control byte, the reset pulse, and the only splitting of writes, at the sizes its
/// bus takes (`PanelIO.limits`). Drivers never frame or chunk bytes themselves.
public protocol PanelLink {
    /// Commands in order; where parameters travel as command bytes the burst is one write.
    func commands(_ burst: [PanelCommand]) throws(BusError)
    /// Display RAM bytes, any length.
    func data(_ bytes: [UInt8]) throws(BusError)
    /// Restarts the controller through its RESET line where one is wired; otherwise nothing.
    func reset() throws(BusError)
}

extension PanelLink {
    /// One command and its parameters.
    public func command(_ code: UInt8, _ parameters: [UInt8] = []) throws(BusError) {
        try commands([PanelCommand(code, parameters)])
    }
}
