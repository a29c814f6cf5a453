import Announcements
import ArgumentParser
import BoardAssembly
import BoardConfig
import SourceAssembly
import SoundPlayback
import SpeechOutput

/// `say`: the next departures in words, as text or as speech in a WAV file.
struct SayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "say",
        abstract: "Speak a board's next departures (or write their words).",
        discussion: """
            The board's source is read once, as render does, and its next departures (at \
            most 5 a stop) are said in the board's language: English, German, French or \
            Spanish (others in English words, with a warning). --output picks what is \
            written: .txt the words, .wav the speech (espeak-ng, the voice of the board's \
            language or speech.voice), - the words on standard output. --play speaks them \
            through the board's speech.device instead (ALSA), to try a speaker.
            """
    )

    @Option(name: .long, help: ArgumentHelp("The board file.", valueName: "FILE"))
    var board: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Read departures from a file in the API's response format instead of the board's source.", valueName: "FILE"))
    var departures: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Speak at this instant, e.g. 2026-10-04T08:00:00+11:00 (without an offset: the board's zone).", valueName: "ISO8601"))
    var now: String?

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("next.wav (speech), next.txt (the words) or - (the words on standard output).", valueName: "PATH"))
    var output: String?

    @Flag(help: "Play the speech through the board's speech.device (ALSA) instead of writing it.")
    var play = false

    enum Target: Equatable {
        case wav, txt, standardOutput, play

        init(path: String?) throws(CLIFailure) {
            guard let path else {
                self = .play
                return
            }
            if path == "-" {
                self = .standardOutput
                return
            }
            let lower = path.lowercased()
            if lower.hasSuffix(".wav") {
                self = .wav
            } else if lower.hasSuffix(".txt") {
                self = .txt
            } else {
                throw CLIFailure(.usage, "\(path): say writes .wav (speech) or .txt (the words), or - for standard output")
            }
        }
    }

    func validate() throws {
        guard (output == nil) == play else {
            throw ValidationError(play ? "--play and --output: choose one." : "Missing --output (next.wav, next.txt or -) or --play.")
        }
        do {
            _ = try Target(path: output)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() async throws {
        do {
            try await Self.say(self)
        } catch {
            throw error.exit()
        }
    }

    @MainActor
    static func say(_ options: SayCommand) async throws(CLIFailure) {
        let target = try Target(path: options.output)
        let reading = try await BoardReading.read(board: options.board, departures: options.departures, now: options.now)
        let board = reading.setup.board
        let announcement = SpeechAssembly.announcement(for: board, state: reading.state)
        if announcement.isFallback, let language = board.language {
            Console.warning(
                "\(board.path): language \(language) has no speech phrases (these are: \(Announcer.languages.joined(separator: ", "))); the voice says English words"
            )
        }
        switch target {
        case .standardOutput:
            Console.raw(announcement.text + "\n")
        case .txt:
            let bytes = Array((announcement.text + "\n").utf8)
            try OutputFile.write(bytes, to: options.output ?? "")
            Console.info(
                "wrote \(options.output ?? ""): \(announcement.sentences.count) sentences in \(announcement.language), \(bytes.count) bytes"
            )
        case .play:
            let audio = try speech(announcement, board: board)
            do {
                try ALSASink(device: board.speech.device).play(audio.samples, sampleRate: audio.sampleRate)
            } catch {
                throw CLIFailure(.unavailable, "\(board.path): speech.device: \(error.description)")
            }
            Console.info("played \(Self.seconds(audio.duration)) s of speech on '\(board.speech.device)': \(announcement.text)")
        case .wav:
            let audio = try speech(announcement, board: board)
            let bytes = WAVEncoder.encode(audio)
            try OutputFile.write(bytes, to: options.output ?? "")
            let voice = SpeechAssembly.voice(for: board, speaking: announcement)
            Console.info(
                "wrote \(options.output ?? ""): \(Self.seconds(audio.duration)) s of speech, voice \(voice), \(audio.sampleRate) Hz, \(bytes.count) bytes"
            )
        }
    }

    private static func speech(_ announcement: Announcement, board: BoardFile) throws(CLIFailure) -> PCMAudio {
        do {
            return try SpeechAssembly.speak(announcement, board: board)
        } catch {
            // A missing library or voice is the machine's, not the board's: 69 as for serve.
            throw CLIFailure(.unavailable, error.description)
        }
    }

    /// `5.35`: seconds with two decimals.
    static func seconds(_ duration: Duration) -> String {
        let hundredths = Int(duration.components.seconds) * 100 + Int(duration.components.attoseconds / 10_000_000_000_000_000)
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
