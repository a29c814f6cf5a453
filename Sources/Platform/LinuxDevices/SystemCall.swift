/// Every device call goes through one of these two, so EINTR and errno are handled once.
enum SystemCall {
    /// Runs `call` again while a signal interrupts it; a negative result becomes the error,
    /// with errno read before anything else can change it.
    static func run<Result: FixedWidthInteger>(
        _ device: String, _ operation: @autoclosure () -> DeviceError.Operation,
        _ call: () -> Result
    ) throws(DeviceError) -> Result {
        while true {
            let result = call()
            if result >= 0 { return result }
            let code = DeviceError.Code.current
            if code != .interrupted { throw DeviceError(device: device, operation: operation(), code: code) }
        }
    }

    /// libi2c 4.x's SMBus helpers return -errno themselves rather than -1 with errno set.
    static func smbus(
        _ device: String, _ operation: @autoclosure () -> DeviceError.Operation,
        _ call: () -> Int32
    ) throws(DeviceError) -> Int32 {
        while true {
            let result = call()
            if result >= 0 { return result }
            let code = DeviceError.Code(rawValue: -result)
            if code != .interrupted { throw DeviceError(device: device, operation: operation(), code: code) }
        }
    }
}
