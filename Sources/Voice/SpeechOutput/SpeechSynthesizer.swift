/// What to say and how: the text, the voice and the pace.
public struct SpeechRequest: Sendable, Equatable {
    public var text: String
    /// A voice name of the synthesiser's (espeak-ng: `en`, `en-gb`, `de`, `fr-fr`, `es`).
    public var voice: String
    /// Words per minute.
    public var rate: Int

    public init(text: String, voice: String, rate: Int = 160) {
        self.text = text
        self.voice = voice
        self.rate = rate
    }
}

/// Text to speech. One production implementation (`EspeakSynthesizer`); tests and other
/// front ends can bring their own.
public protocol SpeechSynthesizer: Sendable {
    func synthesize(_ request: SpeechRequest) throws(SpeechError) -> PCMAudio
}

/// Why no speech came out, with the Debian package that mends it where one does.
public enum SpeechError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The library could not be loaded (`libespeak-ng1`).
    case libraryMissing(String)
    /// The library's data (phonemes, voices) is missing (`espeak-ng-data`).
    case dataMissing(String)
    /// No voice of that name.
    case unknownVoice(String)
    /// The rate is outside what the synthesiser takes.
    case rateOutOfRange(Int, ClosedRange<Int>)
    case failed(String)

    public var description: String {
        switch self {
        case .libraryMissing(let reason):
            return "speech needs espeak-ng, which could not be loaded (\(reason)); install it: apt install libespeak-ng1"
        case .dataMissing(let reason):
            return "espeak-ng has no data (\(reason)); install it: apt install espeak-ng-data"
        case .unknownVoice(let voice):
            return
                "espeak-ng has no voice '\(voice)' (espeak-ng --voices lists them; the voices come with espeak-ng-data: apt install espeak-ng-data)"
        case .rateOutOfRange(let rate, let range):
            return "speech rate \(rate) is outside \(range.lowerBound)–\(range.upperBound) words per minute"
        case .failed(let reason):
            return "speech failed: \(reason)"
        }
    }
}
