/// How an SSD1306/SH1106 module is wired to the host.
public enum OLEDBus: Sendable, Equatable {
    /// I2C at a 7-bit address: 0x3C, or 0x3D when the module's SA0 pin is high.
    case i2c(address: UInt8 = 0x3C)
    /// 4-wire SPI (D/C line). `reset: true` pulses the RESET line in `initialise`.
    case spi(reset: Bool = true)

    /// The link to an SSD1306-family chip on this wiring: parameters travel as command bytes.
    func link(io: any PanelIO) -> any PanelLink {
        switch self {
        case .i2c(let address): I2CLink(io: io, address: address)
        case .spi(let reset): SPILink(io: io, parameters: .command, resetPulse: reset ? .oled : nil)
        }
    }
}
