public import Announcements
public import BoardConfig
public import DeparturesCore
public import SpeechOutput

/// A board's voice: its settings and language turned into the words and the request a
/// synthesiser takes. `say` uses it; a speaking sign (a button, `announce:`) will too.
public enum SpeechAssembly {
    /// The words for `state`, in the board's language, with its screen abbreviations read back.
    public static func announcement(for board: BoardFile, state: BoardState) -> Announcement {
        Announcer.announce(state, options: AnnouncementOptions(language: board.language,
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
    public static func speak(_ announcement: Announcement, board: BoardFile,
                             with synthesizer: any SpeechSynthesizer = EspeakSynthesizer()) throws(SpeechError) -> PCMAudio {
        try synthesizer.synthesize(request(for: board, speaking: announcement)).atVolume(board.speech.volume)
    }
}
