import CKernel
#if canImport(Glibc)
import Glibc
#endif

/// What a framebuffer needs of its node beyond read and write: what it is, and its memory.
extension DeviceNode {
    /// A character device (a real `/dev` node) or a regular file standing in for one, and its size.
    public func status() throws(DeviceError) -> (isCharacterDevice: Bool, size: Int) {
        var info = stat()
        _ = try call(.other("stat")) { fstat($0, &info) }
        return (info.st_mode & S_IFMT == S_IFCHR, Int(info.st_size))
    }

    /// `length` bytes of the node mapped shared and writable; `unmap` gives them back.
    public func map(length: Int) throws(DeviceError) -> UnsafeMutableRawPointer {
        let operation = DeviceError.Operation.other("mmap of \(length) bytes")
        let address = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, try openDescriptor(operation), 0)
        guard ck_map_failed(address) == 0, let address else {
            throw DeviceError(device: path, operation: operation, code: .current)
        }
        return address
    }

    public static func unmap(_ address: UnsafeMutableRawPointer, length: Int) {
        munmap(address, length)
    }
}
