import Testing
import LinuxDevices
#if canImport(Glibc)
import Glibc
#endif

@Suite struct DeviceErrorTests {
    @Test func codesAreTheSystemsErrnosInItsWords() {
        #expect(DeviceError.Code.permissionDenied.rawValue == EACCES)
        #expect(DeviceError.Code.remoteIO.rawValue == EREMOTEIO)
        #expect(DeviceError.Code.noSuchFile.description == "No such file or directory")
        #expect(DeviceError.Code(rawValue: EMSGSIZE) == .messageTooLong)
    }

    @Test func aFailureNamesTheDeviceTheStepAndTheErrno() {
        let error = DeviceError(device: "/dev/i2c-1", operation: .other("write to 0x3c"), code: .remoteIO)
        #expect(error.message == "write to 0x3c failed: Remote I/O error")
        #expect(error.description == "/dev/i2c-1: write to 0x3c failed: Remote I/O error")
    }

    @Test func anAddressAKernelDriverOwnsIsSaidSo() {
        let busy = DeviceError(device: "/dev/i2c-1", operation: .select(address: 0x3C), code: .busy)
        #expect(busy.description == "/dev/i2c-1: address 0x3c is claimed by a kernel driver (check dtoverlay settings)")
        let other = DeviceError(device: "/dev/i2c-1", operation: .select(address: 0x08), code: .notADevice)
        #expect(other.message == "select 0x08 failed: Inappropriate ioctl for device")
    }

    @Test func gpioLinesPastTheChipOrTakenAreSaidSo() {
        let missing = DeviceError(device: "gpiochip0", operation: .findLine(offset: 40, lineCount: 28), code: .invalidArgument)
        #expect(missing.message == "the chip has no line 40 (it has 28 lines)")
        let held = DeviceError(device: "gpiochip0", operation: .requestLine(offset: 17, holder: "gpio-keys"), code: .busy)
        #expect(held.message == "line 17 is already in use by 'gpio-keys'")
        let unknown = DeviceError(device: "gpiochip0", operation: .requestLine(offset: 17, holder: nil), code: .busy)
        #expect(unknown.message == "line 17 is already in use by another program or kernel driver")
    }

    @Test func useAfterCloseIsSaidSo() {
        #expect(
            DeviceError(device: "/dev/spidev0.0", operation: .other("write of 3 bytes"), code: .closed).message
                == "write of 3 bytes after close")
    }
}
