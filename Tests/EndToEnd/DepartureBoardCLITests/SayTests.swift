import Foundation
import Testing

/// `say` end to end through the real binary: the words of the preview board, its speech.
@Suite(.serialized)
struct SayTests {
    static let now = "2026-11-23T09:30:00+11:00"

    /// The preview board's first five rows at 09:30 (Tests/EndToEnd/DepartureBoardCLITests/Golden/
    /// preview-2026-11-23T0930.txt), written from the rows: M1 Tallawong Now; T9 Hornsby via
    /// Strathfield Now, timetable only; L2 Randwick Now, +1 min; 333 Bondi Beach 2 min;
    /// T1 Berowra 2 min, timetable only.
    static let previewWords =
        "Next departures from Central Station. M1 to Tallawong, now. "
        + "T9 to Hornsby via Strathfield, scheduled now. L2 to Randwick, now, running 1 minute late. "
        + "3 3 3 to Bondi Beach, in 2 minutes. T1 to Berowra, scheduled in 2 minutes.\n"

    @Test func thePreviewBoardsWordsToATextFile() async throws {
        let scratch = try ScratchDirectory()
        let run = try await CLI.run(["say", "--board", "Boards/preview.yaml", "--now", Self.now, "--output", scratch.path("next.txt")])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        #expect(try scratch.read("next.txt") == Self.previewWords)
        #expect(run.stdout.hasPrefix("wrote \(scratch.path("next.txt")): 6 sentences in en, "), "\(run.stdout)")
    }

    @Test func dashPrintsTheWords() async throws {
        let run = try await CLI.run(["say", "--now", Self.now, "--output", "-"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == Self.previewWords)
    }

    @Test func thePreviewBoardsSpeechIsAValidWAV() async throws {
        let scratch = try ScratchDirectory()
        let run = try await CLI.run(["say", "--board", "Boards/preview.yaml", "--now", Self.now, "--output", scratch.path("next.wav")])
        #expect(run.status == 0, "\(run.stderr)")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: scratch.path("next.wav"))))
        try #require(bytes.count > 44)
        func u32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        #expect(String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF" && String(decoding: bytes[8..<16], as: UTF8.self) == "WAVEfmt ")
        #expect(u32(4) == bytes.count - 8 && u32(40) == bytes.count - 44)
        #expect(u16(20) == 1 && u16(22) == 1 && u16(34) == 16 && u32(24) == 22050)
        let samples = stride(from: 44, to: bytes.count, by: 2).map { Double(Int16(bitPattern: UInt16(u16($0)))) }
        let seconds = Double(samples.count) / 22050
        let words = Self.previewWords.split(separator: " ").count
        #expect(seconds > 0.2 * Double(words) && seconds < 1.2 * Double(words), "\(seconds) s for \(words) words")
        // speech.volume's default, 80 %, still far from silence.
        let rms = (samples.reduce(0) { $0 + $1 * $1 } / Double(samples.count)).squareRoot()
        #expect(rms > 400, "rms \(rms)")
        #expect(run.stdout.contains("s of speech, voice en, 22050 Hz"), "\(run.stdout)")
    }

    /// A German board: its phrases, its abbreviations (`Hbf`), a cancelled trip and an alert.
    @Test func aGermanBoardSaysCancelledTripsAndAlerts() async throws {
        let scratch = try ScratchDirectory()
        let board = try scratch.write("de.yaml", "name: Zürich Hbf\ntimezone: Europe/Zurich\nlanguage: de-CH\nsource: {kind: demo}\n")
        let data = try scratch.write(
            "departures.json",
            """
            {"data": [
              {"trip_id": "a", "route_short_name": "S3", "headsign": "Wetzikon", "scheduled_time_secs": 28860,
               "realtime_time_secs": 28980, "delay_s": 120, "realtime": true},
              {"trip_id": "b", "route_short_name": "IR", "headsign": "Basel SBB", "scheduled_time_secs": 29100,
               "realtime_time_secs": 29100, "delay_s": 0, "realtime": true, "cancelled": true}
            ],
             "alerts": [{"id": "x", "header": "Bauarbeiten zwischen Stadelhofen und Hbf"}]}
            """)
        let run = try await CLI.run(["say", "--board", board, "--departures", data, "--now", "2026-11-23T08:00:00", "--output", "-"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout == "Nächste Abfahrten ab Zürich Hauptbahnhof. S3 nach Wetzikon, in 3 Minuten, 2 Minuten später. "
                + "IR nach Basel SBB um 8:05 fällt aus. Hinweis: Bauarbeiten zwischen Stadelhofen und Hauptbahnhof.\n")
    }

    @Test func aLanguageWithoutPhrasesIsSpokenInEnglishWithAWarning() async throws {
        let scratch = try ScratchDirectory()
        let board = try scratch.write("ja.yaml", "name: Tokyo\ntimezone: Asia/Tokyo\nlanguage: ja\nsource: {kind: demo}\n")
        let run = try await CLI.run(["say", "--board", board, "--now", "2026-11-23T09:30:00", "--output", scratch.path("next.wav")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "warning: \(board): language ja has no speech phrases (these are: en, de, fr, es); the voice says English words"),
            "\(run.stderr)")
        #expect(run.stdout.contains("voice en,"), "\(run.stdout)")
    }

    @Test(arguments: [
        (["--output", "next.mp3"], "next.mp3: say writes .wav (speech) or .txt (the words), or - for standard output"),
        ([], "Missing --output (next.wav, next.txt or -) or --play."),
        (["--play", "--output", "-"], "--play and --output: choose one."),
    ])
    func usageErrors(_ arguments: [String], _ message: String) async throws {
        let run = try await CLI.run(["say", "--now", Self.now] + arguments)
        #expect(run.status == 64 && run.stderr.contains(message), "\(run.status) \(run.stderr)")
    }

    @Test func aVoiceEspeakDoesNotHaveIsNamedWithItsPackage() async throws {
        let scratch = try ScratchDirectory()
        let board = try scratch.write("v.yaml", "source: {kind: demo}\nspeech:\n  voice: qq-zz\n")
        let run = try await CLI.run(["say", "--board", board, "--now", Self.now, "--output", scratch.path("next.wav")])
        #expect(run.status == 69, "\(run.stderr)")
        #expect(run.stderr.contains("espeak-ng has no voice 'qq-zz'") && run.stderr.contains("espeak-ng-data"), "\(run.stderr)")
        #expect(!scratch.exists("next.wav"))
    }

    /// `--play` through real ALSA, to its file plugin: the device receives exactly the samples
    /// of the WAV `say` writes (what a running board plays on its speak button, too).
    @Test func playSendsTheWAVsSamplesToTheBoardsDevice() async throws {
        let scratch = try ScratchDirectory()
        let raw = scratch.path("played.raw")
        let board = try scratch.write(
            "p.yaml",
            """
            name: Central Station
            source: {kind: demo}
            speech:
              device: "file:FILE=\(raw),FORMAT=raw"
              volume: 60
            """)
        let played = try await CLI.run(["say", "--board", board, "--now", Self.now, "--play"])
        #expect(played.status == 0, "\(played.stderr)")
        #expect(played.stdout.hasPrefix("played ") && played.stdout.contains("s of speech on 'file:FILE="), "\(played.stdout)")
        let written = try await CLI.run(["say", "--board", board, "--now", Self.now, "--output", scratch.path("next.wav")])
        #expect(written.status == 0, "\(written.stderr)")
        let wav = [UInt8](try Data(contentsOf: URL(fileURLWithPath: scratch.path("next.wav"))))
        let heard = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
        try #require(wav.count > 44)
        // Every sample, then silence to the end of ALSA's last period (under a second).
        try #require(heard.count >= wav.count - 44)
        #expect(Array(heard[..<(wav.count - 44)]) == Array(wav[44...]))
        #expect(heard[(wav.count - 44)...].allSatisfy { $0 == 0 } && heard.count - (wav.count - 44) < 2 * 22_050)
    }

    @Test func aDeviceThatIsNotThereIsNamed() async throws {
        let scratch = try ScratchDirectory()
        let board = try scratch.write("d.yaml", "source: {kind: demo}\nspeech:\n  device: no_such_card\n")
        let run = try await CLI.run(["say", "--board", board, "--now", Self.now, "--play"])
        #expect(run.status == 69, "\(run.stderr)")
        #expect(run.stderr.contains("speech.device: sound device cannot open 'no_such_card'"), "\(run.stderr)")
    }
}
