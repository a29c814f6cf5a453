public import BoardConfig
public import BoardRender
public import DisplayBackends

// Board-file enums onto library enums. Every mapping is a switch the compiler checks, so a
// case added to a config enum does not compile until it is mapped; a test checks the
// other direction (a library case with no board-file spelling).

extension LayoutOptions.Style {
    public init(_ layout: DisplaySettings.Layout) {
        switch layout {
        case .rows: self = .rows
        case .ticker: self = .ticker
        }
    }
}

extension LayoutOptions.Overflow {
    public init(_ overflow: DisplaySettings.Overflow) {
        switch overflow {
        case .ellipsis: self = .ellipsis
        case .scroll: self = .scroll
        }
    }
}

extension LayoutOptions.BadgeShape {
    public init(_ shape: DisplaySettings.BadgeShape) {
        switch shape {
        case .rounded: self = .rounded
        case .circle: self = .circle
        }
    }
}

extension LayoutOptions.Column {
    public init(_ column: DisplaySettings.Column) {
        switch column {
        case .route: self = .route
        case .headsign: self = .headsign
        case .crowding: self = .crowding
        case .source: self = .source
        case .platform: self = .platform
        case .leave: self = .leave
        case .delay: self = .delay
        case .countdown: self = .countdown
        case .time: self = .time
        }
    }
}

extension LayoutOptions.AlertStyle {
    public init(_ alerts: DisplaySettings.Alerts) {
        switch alerts {
        case .line: self = .line
        case .page: self = .page
        case .off: self = .off
        }
    }
}

extension LayoutOptions.Countdown {
    public init(_ countdown: DisplaySettings.Countdown) {
        switch countdown {
        case .departure: self = .departure
        case .leave: self = .leave
        }
    }
}

extension MAX7219Layout.Side {
    public init(_ side: OutputSettings.FirstModule) {
        switch side {
        case .left: self = .left
        case .right: self = .right
        }
    }
}

extension UC8179Driver.Colors {
    public init(_ colors: OutputSettings.EPaperColors) {
        switch colors {
        case .bw: self = .blackWhite
        case .bwr: self = .blackWhiteRed
        }
    }
}

extension OLEDBus {
    /// The OLED's link from its `output:` wiring: I2C at the address, or SPI with RESET when wired.
    public init(_ output: OutputSettings) {
        switch output.bus {
        case .i2c: self = .i2c(address: UInt8(clamping: output.address))
        case .spi: self = .spi(reset: output.reset != nil)
        }
    }
}
