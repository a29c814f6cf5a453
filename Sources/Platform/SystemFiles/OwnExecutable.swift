#if canImport(Glibc)
import Glibc
#endif

/// This program's own path (/proc/self/exe): bundled files live beside it, bench starts it
/// again, and the sign finds its server program next to it.
public enum OwnExecutable {
    public static func path() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
