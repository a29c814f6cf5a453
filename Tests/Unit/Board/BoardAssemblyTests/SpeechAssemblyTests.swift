import Announcements
import BoardAssembly
import BoardConfig
import DeparturesCore
import SpeechOutput
import Locking
import Logging
import Testing
import ZoneInfo

/// A board's voice: which voice, rate and volume its file asks for, given to any synthesiser.
@Suite struct SpeechAssemblyTests {
    /// Records the request and answers a fixed tone, so the assembly is checked without espeak-ng.
    struct RecordingSynthesizer: SpeechSynthesizer {
        let requests = Locked<[SpeechRequest]>([])
        func synthesize(_ request: SpeechRequest) throws(SpeechError) -> PCMAudio {
            requests.withLock { $0.append(request) }
            return PCMAudio(sampleRate: 16000, samples: [1000, -1000, 1000, -1000])
        }
    }

    private func board(_ text: String) throws -> BoardFile {
        try BoardFileLoader(zoneExists: { _ in true }).parse("source: {kind: demo}\n" + text, path: "b.yaml")
    }

    private func announcement(_ board: BoardFile) -> Announcement {
        SpeechAssembly.announcement(
            for: board,
            state: BoardState(
                boardName: board.name, now: Date(timeIntervalSince1970: 0), status: .empty,
                message: nil, updated: nil, rows: [], zone: .utc))
    }

    @Test func theVoiceFollowsTheLanguageUnlessTheBoardNamesOne() throws {
        let cases: [(String, String)] = [
            ("", "en"), ("language: de-CH\n", "de"), ("language: en-GB\n", "en-gb"), ("language: es-MX\n", "es-419"),
            // Japanese has no phrases: English words want an English voice.
            ("language: ja\n", "en"),
            ("language: de\nspeech: {voice: en-us}\n", "en-us"),
        ]
        for (text, voice) in cases {
            let board = try board(text)
            #expect(SpeechAssembly.voice(for: board, speaking: announcement(board)) == voice, "\(text)")
        }
    }

    @Test func rateAndVolumeComeFromTheBoard() throws {
        let board = try board("name: Gare de Lyon\nlanguage: fr\nspeech: {rate: 220, volume: 50}\n")
        let synthesizer = RecordingSynthesizer()
        let spoken = announcement(board)
        let audio = try SpeechAssembly.speak(spoken, board: board, with: synthesizer)
        #expect(audio == PCMAudio(sampleRate: 16000, samples: [500, -500, 500, -500]))
        #expect(synthesizer.requests.withLock { $0 } == [SpeechRequest(text: "Aucun départ de Gare de Lyon.", voice: "fr", rate: 220)])
    }

    /// A running board's voice speaks as `say` does: the same voice for the same language.
    @Test func theRunningBoardsVoiceAsksWhatSayAsks() throws {
        for text in ["", "language: de-CH\n", "language: ja\n", "language: fr\nspeech: {voice: en-us, rate: 200, volume: 50}\n"] {
            let board = try board(text + "buttons: {speak: 22}\n")
            let said = announcement(board)
            let synthesizer = RecordingSynthesizer()
            let voice = BoardFileVoice(board: board, synthesizer: synthesizer)
            #expect(
                voice.words(
                    for: BoardState(
                        boardName: board.name, now: Date(timeIntervalSince1970: 0), status: .empty,
                        message: nil, updated: nil, rows: [], zone: .utc)) == said.text)
            let speech = try voice.speech(for: said.text)
            #expect(synthesizer.requests.withLock { $0 } == [SpeechAssembly.request(for: board, speaking: said)], "\(text)")
            #expect(speech.sampleRate == 16000 && speech.samples.count == 4)
        }
    }

    /// Only a board that can be made to speak gets a speaker (and ever loads espeak-ng or ALSA).
    @Test @MainActor func aSpeakerOnlyWhereSomethingMakesTheBoardSpeak() throws {
        let logger = Logger(label: "test")
        #expect(SpeechAssembly.speaker(for: try board("speech: {volume: 50}\n"), logger: logger) == nil)
        #expect(SpeechAssembly.speaker(for: try board("buttons: {speak: GPIO22}\n"), logger: logger) != nil)
        #expect(SpeechAssembly.speaker(for: try board("announce: {every: 15m}\n"), logger: logger) != nil)
        #expect(SpeechAssembly.speaker(for: try board("buttons: {refresh: 17}\n"), logger: logger) == nil)
    }
}
