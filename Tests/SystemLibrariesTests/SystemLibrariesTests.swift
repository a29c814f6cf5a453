import CGPIOD
import CI2C
import Glibc
import Testing

/// The C libraries the hardware backends use are installed, link, and are the API
/// generation the code is written for (libgpiod v1, libi2c 4.x).
struct SystemLibrariesTests {
    @Test func libgpiodIsTheV1API() {
        let version = String(cString: gpiod_version_string())
        #expect(version.hasPrefix("1."), "libgpiod \(version): the backends need the v1 API (1.6.x)")
    }

    @Test func libgpiodReportsAMissingChipThroughErrno() {
        errno = 0
        let chip = gpiod_chip_open("/dev/departure-board-no-such-gpiochip")
        #expect(chip == nil)
        #expect(errno == ENOENT)
    }

    @Test func libi2cReturnsNegativeErrno() {
        // i2c-tools 4.x return -errno; on a closed descriptor that is -EBADF.
        #expect(i2c_smbus_write_byte_data(-1, 0x00, 0xAE) == -EBADF)
        #expect(I2C_SLAVE == 0x0703)
    }
}
