/// Little-endian fields of a header read into memory (APPNOTE 4.4: all values are LE).
struct LittleEndian {
    let bytes: [UInt8]
    let base: Int

    init(_ bytes: [UInt8], at base: Int = 0) {
        self.bytes = bytes
        self.base = base
    }

    func u16(_ at: Int) -> UInt16 {
        UInt16(bytes[base + at]) | UInt16(bytes[base + at + 1]) << 8
    }

    func u32(_ at: Int) -> UInt32 {
        UInt32(u16(at)) | UInt32(u16(at + 2)) << 16
    }

    func u64(_ at: Int) -> UInt64 {
        UInt64(u32(at)) | UInt64(u32(at + 4)) << 32
    }
}

/// Record signatures ("PK" and two bytes).
enum Signature {
    static let localHeader: UInt32 = 0x0403_4B50
    static let centralHeader: UInt32 = 0x0201_4B50
    static let endOfDirectory: UInt32 = 0x0605_4B50
    static let zip64EndOfDirectory: UInt32 = 0x0606_4B50
    static let zip64Locator: UInt32 = 0x0706_4B50
    static let dataDescriptor: UInt32 = 0x0807_4B50
}
