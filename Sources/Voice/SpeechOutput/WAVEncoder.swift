/// RIFF/WAVE files of `PCMAudio`: format 1 (PCM), one channel, 16 bits, little-endian.
public enum WAVEncoder {
    /// The whole file: the 44-byte header (RIFF, `fmt `, `data`) and the samples.
    public static func encode(_ audio: PCMAudio) -> [UInt8] {
        let dataSize = UInt32(audio.samples.count * 2)
        let rate = UInt32(audio.sampleRate)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(44 + Int(dataSize))
        bytes += Array("RIFF".utf8)
        // The RIFF chunk's size counts everything after its own 8 bytes.
        append(36 + dataSize, to: &bytes)
        bytes += Array("WAVE".utf8)
        bytes += Array("fmt ".utf8)
        append(UInt32(16), to: &bytes)  // fmt chunk size for PCM
        append(UInt16(1), to: &bytes)  // PCM
        append(UInt16(1), to: &bytes)  // channels
        append(rate, to: &bytes)
        append(rate * 2, to: &bytes)  // byte rate: rate × channels × 2 bytes
        append(UInt16(2), to: &bytes)  // block align
        append(UInt16(16), to: &bytes)  // bits per sample
        bytes += Array("data".utf8)
        append(dataSize, to: &bytes)
        for sample in audio.samples {
            append(UInt16(bitPattern: sample), to: &bytes)
        }
        return bytes
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }
}
