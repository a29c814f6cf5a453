import Glibc
import SoundPlayback
import Testing

/// Real libasound, no sound card: ALSA's `file` plugin (alsa.conf's `pcm.file`, over the
/// null device) writes every frame it is given to a file, so what ALSA received is read back.
@Suite struct ALSASinkTests {
    private func temporaryPath(_ name: String) -> String {
        var template = Array("/tmp/alsa-sink-XXXXXX".utf8CString)
        let dir = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        return dir + "/" + name
    }

    private func bytes(at path: String) -> [UInt8] {
        guard let file = fopen(path, "rb") else { return [] }
        defer { fclose(file) }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while case let n = fread(&buffer, 1, buffer.count, file), n > 0 { out += buffer[..<n] }
        return out
    }

    @Test func everySampleReachesTheDeviceInOrder() throws {
        let path = temporaryPath("out.raw")
        // A second and a half of a rising ramp: longer than the buffer, so it is written in parts.
        let samples = (0..<33_075).map { Int16(truncatingIfNeeded: $0 &* 7 &- 16_000) }
        try ALSASink(device: "file:FILE=\(path),FORMAT=raw").play(samples, sampleRate: 22_050)
        let written = bytes(at: path)
        let back = stride(from: 0, to: written.count - 1, by: 2).map {
            Int16(bitPattern: UInt16(written[$0]) | UInt16(written[$0 + 1]) << 8)
        }
        try #require(back.count >= samples.count)
        #expect(Array(back[..<samples.count]) == samples)
        // Then silence to the end of the last period (a card plays whole periods) and one
        // buffer more, so the drain plays only silence: the 200 ms of buffer asked for, plus
        // under a period.
        let padding = back[samples.count...]
        #expect(padding.allSatisfy { $0 == 0 })
        #expect(padding.count >= 22_050 / 10 && padding.count < 2 * 22_050 / 5, "\(padding.count) frames of silence")
    }

    @Test func anUnknownDeviceIsNamedInTheError() {
        #expect {
            try ALSASink(device: "no_such_card_here").play([1, 2, 3], sampleRate: 22_050)
        } throws: { error in
            let message = "\(error)"
            return message.contains("'no_such_card_here'") && message.hasPrefix("sound device cannot open")
        }
    }

    @Test func nothingToPlayOpensNothing() throws {
        // No device is opened for silence: a bad name does not matter then.
        try ALSASink(device: "no_such_card_here").play([], sampleRate: 22_050)
    }
}
