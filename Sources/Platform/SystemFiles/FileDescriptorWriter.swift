#if canImport(Glibc)
import Glibc
#endif

/// The one write loop: retries short writes and EINTR, so a line or a frame goes out whole
/// (or the failure is reported) wherever the program writes to a descriptor.
public enum FileDescriptorWriter {
    @discardableResult
    public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                if n == 0 { return false }
                offset += n
            }
            return true
        }
    }
}
