import LinuxDevices

/// The Unix group that grants access to each kind of device node on Raspberry Pi OS, so a
/// permission error can tell the operator which group the service's user is missing.
public enum DeviceGroup: String, Sendable, CaseIterable {
    case i2c, spi, gpio, video

    /// The classified error for `code` from `operation` on `device`.
    public func error(_ code: Int32, device: String, operation: String) -> BusError {
        BusError.fromErrno(code, device: device, operation: operation, group: rawValue)
    }

    /// The floor's error, classified; `device` names it otherwise (a line by its role).
    func error(_ error: DeviceError, device: String? = nil) -> BusError {
        var error = error
        if let device { error.device = device }
        return BusError(error, group: rawValue)
    }
}
