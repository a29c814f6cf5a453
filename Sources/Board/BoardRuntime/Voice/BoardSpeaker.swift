public import DeparturesCore
public import Logging
public import SoundPlayback
import SystemFiles
public import ZoneInfo

/// What a board says and how it sounds: the words for its rows (cheap, on the main actor)
/// and their speech (slow, on a thread of its own). `BoardAssembly` builds it over
/// `Announcements` and espeak-ng.
public protocol BoardVoice: Sendable {
    /// The words for these rows; nil when there is nothing worth saying.
    func words(for state: BoardState) -> String?
    /// The words spoken: mono 16-bit samples at `sampleRate`.
    func speech(for words: String) throws -> (samples: [Int16], sampleRate: Int)
}

/// Why the board did not speak when asked.
public enum SpeechRefusal: Equatable, Sendable, CustomStringConvertible {
    case alreadySpeaking, screenOff, quietHours(DailyWindow), nothingToSay

    public var description: String {
        switch self {
        case .alreadySpeaking: "an announcement is still playing"
        case .screenOff: "the screen is off"
        case .quietHours(let window): "quiet hours (\(window))"
        case .nothingToSay: "no departures to announce"
        }
    }
}

/// Speaks a running board: one announcement at a time, never while its screen is off or in
/// its quiet hours. Synthesis and playback run on a detached thread (they block for seconds);
/// the result comes back to the main actor.
@MainActor
public final class BoardSpeaker {
    private let voice: any BoardVoice
    private let sink: any SoundSink
    private let quietHours: [DailyWindow]
    private let logger: Logger
    /// Only the kind of the last failure is kept, so a missing speaker is logged once.
    private var lastFailure: String?
    public private(set) var isSpeaking = false
    /// Announcements played to the end, and those that failed; for the status page.
    public private(set) var spoken = 0
    public private(set) var failures = 0
    /// Told when an announcement has ended (played or failed); tests wait on it.
    public var onFinished: (@MainActor () -> Void)?

    public init(voice: any BoardVoice, sink: any SoundSink, quietHours: [DailyWindow] = [], logger: Logger) {
        self.voice = voice
        self.sink = sink
        self.quietHours = quietHours
        self.logger = logger
    }

    /// Starts speaking `state` unless a rule forbids it now; says why not.
    @discardableResult
    public func speak(_ state: BoardState, screenOff: Bool, why: String) -> SpeechRefusal? {
        if let refusal = refusal(state, screenOff: screenOff) {
            logger.info("not speaking (\(why)): \(refusal)")
            return refusal
        }
        guard let words = voice.words(for: state) else {
            logger.info("not speaking (\(why)): \(SpeechRefusal.nothingToSay)")
            return .nothingToSay
        }
        isSpeaking = true
        logger.info("speaking (\(why)): \(words)")
        let (voice, sink) = (self.voice, self.sink)
        let started = DetachedThread.start { [weak self] in
            let outcome: Result<Double, any Error> = Result {
                let speech = try voice.speech(for: words)
                try sink.play(speech.samples, sampleRate: speech.sampleRate)
                return Double(speech.samples.count) / Double(max(1, speech.sampleRate))
            }
            Task { @MainActor [weak self] in self?.finished(outcome.mapError { Failure(message: "\($0)") }) }
        }
        if !started { finished(.failure(Failure(message: "no thread could be started for speech"))) }
        return nil
    }

    private func refusal(_ state: BoardState, screenOff: Bool) -> SpeechRefusal? {
        if isSpeaking { return .alreadySpeaking }
        if screenOff { return .screenOff }
        let time = state.zone.localDateTime(atUnixSeconds: Int64(state.now.timeIntervalSince1970.rounded(.down))).timeOfDay
        if let window = quietHours.first(where: { $0.contains(time) }) { return .quietHours(window) }
        return nil
    }

    /// An announcement's failure as text: what is logged, and compared to log it once.
    private struct Failure: Error {
        var message: String
    }

    private func finished(_ outcome: Result<Double, Failure>) {
        isSpeaking = false
        switch outcome {
        case .failure(let error):
            let failure = error.message
            failures += 1
            if failure != lastFailure { logger.error("voice: \(failure)") }
            lastFailure = failure
        case .success(let seconds):
            spoken += 1
            if lastFailure != nil { logger.notice("voice recovered") }
            lastFailure = nil
            logger.info("announcement played (\(Self.tenths(seconds)) s)")
        }
        onFinished?()
    }

    private static func tenths(_ seconds: Double) -> String {
        let tenths = Int((seconds * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
