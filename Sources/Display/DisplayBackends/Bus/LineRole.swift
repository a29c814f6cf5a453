/// The control lines a panel is wired with, by what they do. The raw values are the names the
/// trace writes (`"line":"reset"`) and `GPIOLines` keys its requests by.
public enum LineRole: String, Sendable, CaseIterable {
    /// Data/command select: low while command bytes go out, high for data.
    case dc
    /// The controller's RESET input, active low.
    case reset
    /// The controller's BUSY output (e-paper), read while it works.
    case busy
}

/// `PanelIO` and `LineControl` keep taking names, so traces and test doubles keep their form;
/// code names its lines through `LineRole`.
extension PanelIO {
    public func setLine(_ role: LineRole, _ value: Int) throws(BusError) {
        try setLine(role.rawValue, value)
    }

    public func waitForLine(_ role: LineRole, value: Int, timeout: Duration) throws(BusError) {
        try waitForLine(role.rawValue, value: value, timeout: timeout)
    }
}
