public import Announcements
public import BoardConfig
public import DeparturesCore
public import SpeechOutput
public import BoardRuntime
public import Logging
public import SoundPlayback

/// A board's voice: its settings and language turned into the words and the request a
/// synthesiser takes. `say` uses it; a speaking sign (a button, `announce:`) will too.
public enum SpeechAssembly {
    /// The words for `state`, in the board's language, with its screen abbreviations read back.
    public static func announcement(for board: BoardFile, state: BoardState) -> Announcement {
        Announcer.announce(
            state,
            options: AnnouncementOptions(
                language: board.language,
                screenAbbreviations: board.display.abbreviations))
    }

    /// The voice: `speech.voice`, else the board's language's; English when the words are
    /// English because the language has no phrases of its own.
    public static func voice(for board: BoardFile, speaking announcement: Announcement) -> String {
        if let voice = board.speech.voice { return voice }
        return announcement.isFallback ? "en" : EspeakVoice.name(forLanguage: board.language)
    }

    public static func request(for board: BoardFile, speaking announcement: Announcement) -> SpeechRequest {
        SpeechRequest(text: announcement.text, voice: voice(for: board, speaking: announcement), rate: board.speech.rate)
    }

    /// The speech at the board's `speech.volume`.
    public static func speak(
        _ announcement: Announcement, board: BoardFile,
        with synthesizer: any SpeechSynthesizer = EspeakSynthesizer()
    ) throws(SpeechError) -> PCMAudio {
        try synthesizer.synthesize(request(for: board, speaking: announcement)).atVolume(board.speech.volume)
    }
}

extension SpeechAssembly {
    /// A running board's speaker, when something can make it speak (`buttons.speak` or
    /// `announce:`); nil otherwise, so a board that never speaks never loads espeak-ng or ALSA.
    @MainActor
    public static func speaker(
        for board: BoardFile, logger: Logger,
        sink: (any SoundSink)? = nil
    ) -> BoardSpeaker? {
        guard board.buttons?.speak != nil || board.announce != nil else { return nil }
        return BoardSpeaker(
            voice: BoardFileVoice(board: board), sink: sink ?? ALSASink(device: board.speech.device),
            quietHours: board.speech.quietHours, logger: logger)
    }
}

/// The board file's voice for the runtime: the same words and samples `say` writes.
public struct BoardFileVoice: BoardVoice {
    public let board: BoardFile
    public let synthesizer: any SpeechSynthesizer

    public init(board: BoardFile, synthesizer: any SpeechSynthesizer = EspeakSynthesizer()) {
        self.board = board
        self.synthesizer = synthesizer
    }

    public func words(for state: BoardState) -> String? {
        let text = SpeechAssembly.announcement(for: board, state: state).text
        return text.isEmpty ? nil : text
    }

    public func speech(for words: String) throws -> (samples: [Int16], sampleRate: Int) {
        // The same voice `say` picks: the language's, or English for a language without phrases.
        let spoken = board.language.map(Announcer.speaks) ?? true
        let announcement = Announcement(language: board.language ?? "en", sentences: [words], isFallback: !spoken)
        let audio = try SpeechAssembly.speak(announcement, board: board, with: synthesizer)
        return (audio.samples, audio.sampleRate)
    }
}
