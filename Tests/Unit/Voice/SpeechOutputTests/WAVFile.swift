/// A WAV file read back by hand, independently of the encoder: the test's oracle.
struct WAVFile {
    var riffSize: UInt32
    var format: UInt16
    var channels: UInt16
    var sampleRate: UInt32
    var byteRate: UInt32
    var blockAlign: UInt16
    var bitsPerSample: UInt16
    var dataSize: UInt32
    var samples: [Int16]

    struct Malformed: Error {}

    init(_ bytes: [UInt8]) throws {
        func u32(_ at: Int) -> UInt32 { (0..<4).reduce(0) { $0 | UInt32(bytes[at + $1]) << (8 * $1) } }
        func u16(_ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }
        func tag(_ at: Int) -> String { String(decoding: bytes[at..<at + 4], as: UTF8.self) }
        guard bytes.count >= 44, tag(0) == "RIFF", tag(8) == "WAVE", tag(12) == "fmt ", u32(16) == 16, tag(36) == "data" else {
            throw Malformed()
        }
        riffSize = u32(4)
        format = u16(20)
        channels = u16(22)
        sampleRate = u32(24)
        byteRate = u32(28)
        blockAlign = u16(32)
        bitsPerSample = u16(34)
        dataSize = u32(40)
        guard 44 + Int(dataSize) <= bytes.count else { throw Malformed() }
        samples = stride(from: 44, to: 44 + Int(dataSize), by: 2).map { Int16(bitPattern: u16($0)) }
    }
}
