import CI2C
import Glibc
import GPIOLine
import Testing

/// The C libraries the hardware backends use are installed, link, and are the API
/// generation the code was compiled for (libgpiod 1.x or 2.x, libi2c 4.x).
struct SystemLibrariesTests {
    /// The library the program runs with is the generation its GPIO layer was compiled for.
    @Test func libgpiodRunsTheAPIItWasBuiltFor() {
        let version = String(cString: db_gpio_library_version())
        #expect(version.hasPrefix("\(db_gpio_api_major())."), "libgpiod \(version), compiled for the \(db_gpio_api_major()).x API")
    }

    @Test func aMissingChipIsReportedThroughErrno() {
        var failure = db_gpio_failure()
        let line = db_gpio_request("/dev/departure-board-no-such-gpiochip", 0, DB_GPIO_OUTPUT, 0, "test", &failure)
        #expect(line == nil)
        #expect(failure.stage == DB_GPIO_FAILED_OPEN_CHIP)
        #expect(failure.error == ENOENT)
    }

    @Test func libi2cReturnsNegativeErrno() {
        // i2c-tools 4.x return -errno; on a closed descriptor that is -EBADF.
        #expect(i2c_smbus_write_byte_data(-1, 0x00, 0xAE) == -EBADF)
        #expect(I2C_SLAVE == 0x0703)
    }
}
