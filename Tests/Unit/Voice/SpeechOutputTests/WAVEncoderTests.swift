import SpeechOutput
import Testing

@Suite struct WAVEncoderTests {
    @Test func headerSizesAndLittleEndianSamples() throws {
        let audio = PCMAudio(sampleRate: 22050, samples: [0, 1, -1, 0x1234, Int16.min, Int16.max])
        let bytes = WAVEncoder.encode(audio)
        #expect(bytes.count == 44 + 12)
        let wav = try WAVFile(bytes)
        #expect(Int(wav.riffSize) == bytes.count - 8)
        #expect(Int(wav.dataSize) == bytes.count - 44)
        #expect(wav.format == 1 && wav.channels == 1 && wav.bitsPerSample == 16 && wav.blockAlign == 2)
        #expect(wav.sampleRate == 22050 && wav.byteRate == 44100)
        #expect(wav.samples == audio.samples)
        #expect(Array(bytes[50..<52]) == [0x34, 0x12])
    }

    @Test func emptyAudioIsAValidFileOfNoSamples() throws {
        let wav = try WAVFile(WAVEncoder.encode(PCMAudio(sampleRate: 16000, samples: [])))
        #expect(wav.riffSize == 36 && wav.dataSize == 0 && wav.samples.isEmpty)
    }

    @Test func durationAndVolume() {
        let audio = PCMAudio(sampleRate: 1000, samples: [Int16](repeating: 1000, count: 2500))
        #expect(audio.duration == .milliseconds(2500))
        #expect(audio.rms == 1000)
        let quieter = audio.atVolume(80)
        #expect(quieter.samples.allSatisfy { $0 == 800 } && quieter.sampleRate == 1000)
        #expect(audio.atVolume(0).rms == 0)
        #expect(audio.atVolume(150) == audio)
        #expect(PCMAudio(sampleRate: 1000, samples: [Int16.min]).atVolume(50).samples == [-16384])
    }
}
