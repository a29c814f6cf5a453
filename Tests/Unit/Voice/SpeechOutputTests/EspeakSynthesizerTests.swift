import SpeechOutput
import Testing

/// Real speech through Debian's espeak-ng (libespeak-ng1, espeak-ng-data). Its samples change
/// between versions, so the checks are of shape: a valid file, a plausible length, not silence.
@Suite struct EspeakSynthesizerTests {
    static let sentence = "Next departures from Central Station. T1 to Emu Plains, in 4 minutes, running 2 minutes late."

    @Test func speechToAWAVFileIsValidPlausiblyLongAndNotSilent() throws {
        let audio = try EspeakSynthesizer().synthesize(SpeechRequest(text: Self.sentence, voice: "en", rate: 160))
        let bytes = WAVEncoder.encode(audio)
        let wav = try WAVFile(bytes)
        #expect(Int(wav.riffSize) == bytes.count - 8 && Int(wav.dataSize) == bytes.count - 44)
        #expect(wav.format == 1 && wav.channels == 1 && wav.bitsPerSample == 16)
        #expect(Int(wav.sampleRate) == audio.sampleRate && audio.sampleRate == 22050)
        let words = Self.sentence.split(separator: " ").count
        let seconds = Double(wav.samples.count) / Double(wav.sampleRate)
        #expect(seconds > 0.2 * Double(words) && seconds < 1.2 * Double(words), "\(seconds) s for \(words) words")
        #expect(audio.rms > 500, "rms \(audio.rms)")
    }

    @Test func aFasterRateSpeaksInLessTime() throws {
        let slow = try EspeakSynthesizer().synthesize(SpeechRequest(text: Self.sentence, voice: "en", rate: 120))
        let fast = try EspeakSynthesizer().synthesize(SpeechRequest(text: Self.sentence, voice: "en", rate: 300))
        #expect(fast.samples.count * 2 < slow.samples.count)
    }

    @Test(arguments: ["en-gb", "en-us", "de", "fr", "es", "es-419"])
    func eachVoiceTheBoardsLanguagesNameSpeaks(voice: String) throws {
        let audio = try EspeakSynthesizer().synthesize(SpeechRequest(text: "T1 9:42", voice: voice))
        #expect(audio.rms > 500 && audio.duration > .milliseconds(300))
    }

    @Test func anUnknownVoiceOrRateIsATypedError() {
        #expect(throws: SpeechError.unknownVoice("qq-zz")) {
            try EspeakSynthesizer().synthesize(SpeechRequest(text: "Hello", voice: "qq-zz"))
        }
        #expect(throws: SpeechError.rateOutOfRange(500, 80...450)) {
            try EspeakSynthesizer().synthesize(SpeechRequest(text: "Hello", voice: "en", rate: 500))
        }
    }

    @Test func aMissingLibraryNamesTheDebianPackage() {
        do {
            _ = try EspeakSynthesizer(library: "libespeak-ng-absent.so.1").synthesize(SpeechRequest(text: "Hello", voice: "en"))
            Issue.record("a missing library spoke")
        } catch {
            guard case .libraryMissing = error else { Issue.record("\(error)"); return }
            #expect(error.description.contains("apt install libespeak-ng1"))
        }
        #expect(SpeechError.dataMissing("x").description.contains("apt install espeak-ng-data"))
        #expect(SpeechError.unknownVoice("xx").description.contains("espeak-ng-data"))
    }
}

@Suite struct EspeakVoiceTests {
    @Test func languagesToVoices() {
        let cases: [(String?, String)] = [
            (nil, "en"), ("en", "en"), ("en-AU", "en"), ("en-GB", "en-gb"), ("en-US", "en-us"), ("de-CH", "de"),
            ("de", "de"), ("fr-CA", "fr"), ("es", "es"), ("es-ES", "es"), ("es-MX", "es-419"), ("es-419", "es-419"),
            ("pt-BR", "pt-br"), ("zh-Hant-TW", "zh"), ("ja", "ja"),
        ]
        for (tag, voice) in cases {
            #expect(EspeakVoice.name(forLanguage: tag) == voice, "\(tag ?? "nil")")
        }
    }
}
