import BoardRuntime
import DeparturesCore
import Foundation
import LogCapture
import Logging
import SoundPlayback
import Testing
import ZoneInfo

/// Words are the rows' routes; speech is one sample per character, so what was played says what was said.
struct RouteVoice: BoardVoice {
    func words(for state: BoardState) -> String? {
        state.rows.isEmpty ? nil : state.rows.map(\.route).joined(separator: " ")
    }
    func speech(for words: String) throws -> (samples: [Int16], sampleRate: Int) {
        (words.unicodeScalars.map { Int16($0.value) }, 16_000)
    }
}

/// Plays nothing; keeps what it was given, and can hold a playback until released.
final class RecordingSink: SoundSink, @unchecked Sendable {
    private let lock = NSLock()
    private var played: [[Int16]] = []
    let hold = DispatchSemaphore(value: 0)
    let holding: Bool
    let failure: SoundError?

    init(holding: Bool = false, failure: SoundError? = nil) {
        self.holding = holding
        self.failure = failure
    }

    var plays: [[Int16]] { lock.withLock { played } }

    func play(_ samples: [Int16], sampleRate: Int) throws(SoundError) {
        if holding { hold.wait() }
        if let failure { throw failure }
        lock.withLock { played.append(samples) }
    }
}

@Suite(.timeLimit(.minutes(1)))
@MainActor
struct BoardSpeakerTests {
    static let zone: TimeZoneRules = { try! TimeZoneRules.load("Australia/Sydney") }()

    /// 09:30 Sydney, or another local time that day.
    static func state(hour: Int = 9, minute: Int = 30, routes: [String] = ["T1", "T4"]) -> BoardState {
        let now = Date(timeIntervalSince1970: 1_795_386_600 + Double((hour - 9) * 3600 + (minute - 30) * 60))
        let rows = routes.enumerated().map { index, route in AnnounceTriggersTests.row("\(index)", route, minutes: index + 2, at: now) }
        return BoardState(boardName: "Central", now: now, status: .ok, message: nil, updated: now, rows: rows, zone: zone)
    }

    func speaker(_ sink: RecordingSink, quiet: [DailyWindow] = [], lines: LogLines = LogLines()) -> BoardSpeaker {
        BoardSpeaker(
            voice: RouteVoice(), sink: sink, quietHours: quiet,
            logger: Logger(label: "voice") { _ in CapturingLogHandler(lines: lines) })
    }

    /// Runs `speak` and waits until its announcement has ended.
    func speakToTheEnd(_ speaker: BoardSpeaker, _ state: BoardState, screenOff: Bool = false) async -> SpeechRefusal? {
        await withCheckedContinuation { continuation in
            speaker.onFinished = { continuation.resume(returning: nil) }
            if let refusal = speaker.speak(state, screenOff: screenOff, why: "test") {
                speaker.onFinished = nil
                continuation.resume(returning: refusal)
            }
        }
    }

    @Test func theRowsWordsArePlayed() async {
        let sink = RecordingSink()
        let lines = LogLines()
        let speaker = speaker(sink, lines: lines)
        #expect(await speakToTheEnd(speaker, Self.state()) == nil)
        #expect(sink.plays == ["T1 T4".unicodeScalars.map { Int16($0.value) }])
        #expect(speaker.spoken == 1 && !speaker.isSpeaking)
        // Five samples at 16 kHz: 0.0003 s.
        #expect(lines.all.contains { $0.contains("announcement played (0.0 s)") })
    }

    @Test func oneAnnouncementAtATime() async {
        let sink = RecordingSink(holding: true)
        let speaker = speaker(sink)
        let ended = AsyncStream<Void>.makeStream()
        speaker.onFinished = { ended.continuation.yield() }
        #expect(speaker.speak(Self.state(), screenOff: false, why: "first") == nil)
        #expect(speaker.isSpeaking)
        #expect(speaker.speak(Self.state(routes: ["T8"]), screenOff: false, why: "second") == .alreadySpeaking)
        sink.hold.signal()
        var iterator = ended.stream.makeAsyncIterator()
        _ = await iterator.next()
        #expect(sink.plays.count == 1)
        #expect(!speaker.isSpeaking)
    }

    @Test func neverWhileTheScreenIsOffOrInQuietHours() async {
        let sink = RecordingSink()
        let lines = LogLines()
        let quiet = DailyWindow(parsing: "22:00-07:00")!
        let speaker = speaker(sink, quiet: [quiet], lines: lines)
        #expect(await speakToTheEnd(speaker, Self.state(), screenOff: true) == .screenOff)
        #expect(await speakToTheEnd(speaker, Self.state(hour: 23, minute: 5)) == .quietHours(quiet))
        #expect(await speakToTheEnd(speaker, Self.state(hour: 6, minute: 59)) == .quietHours(quiet))
        #expect(await speakToTheEnd(speaker, Self.state(hour: 7, minute: 0)) == nil)
        #expect(sink.plays.count == 1)
        #expect(lines.all.contains { $0.contains("not speaking (test): quiet hours (22:00-07:00)") })
    }

    @Test func anEmptyBoardSaysNothing() async {
        let sink = RecordingSink()
        #expect(await speakToTheEnd(speaker(sink), Self.state(routes: [])) == .nothingToSay)
        #expect(sink.plays.isEmpty)
    }

    @Test func aMissingSpeakerIsLoggedOnce() async {
        let lines = LogLines()
        let speaker = speaker(RecordingSink(failure: SoundError("sound device cannot open 'hw:9': No such device")), lines: lines)
        #expect(await speakToTheEnd(speaker, Self.state()) == nil)
        #expect(await speakToTheEnd(speaker, Self.state()) == nil)
        #expect(speaker.failures == 2 && speaker.spoken == 0)
        #expect(lines.all.filter { $0.contains("voice: sound device cannot open 'hw:9'") }.count == 1)
    }
}
