@testable import BoardConfig
import Testing

/// `speech:` is read whole or refused at the key that is wrong, with its line.
@Suite struct SpeechSectionTests {
    private func parse(_ body: String) throws(BoardFileError) -> BoardFile {
        try loader.parse("source: {kind: demo}\nspeech:\n\(body)", path: "s.yaml")
    }

    @Test func withoutTheSectionTheDefaultsApply() throws {
        let board = try loader.parse("source: {kind: demo}\n", path: "s.yaml")
        #expect(board.speech == SpeechSettings(voice: nil, rate: 160, volume: 80, device: "default"))
    }

    @Test func everyKeyArrives() throws {
        let board = try parse("  voice: en-gb\n  rate: 200\n  volume: 65%\n  device: plughw:CARD=Device,DEV=0\n")
        #expect(board.speech == SpeechSettings(voice: "en-gb", rate: 200, volume: 65, device: "plughw:CARD=Device,DEV=0"))
        #expect(try parse("  volume: 0\n").speech.volume == 0)
        #expect(try parse("  voice: en+f3\n").speech.voice == "en+f3")
    }

    @Test(
        "refused where it is written",
        arguments: [
            ("  rate: 60\n", "s.yaml:3:9: speech.rate: must be between 80 and 450; got 60"),
            ("  rate: fast\n", "s.yaml:3:9: speech.rate: expected a whole number"),
            ("  volume: 120\n", "s.yaml:3:11: speech.volume: expected a volume from 0 to 100"),
            ("  volume: loud\n", "s.yaml:3:11: speech.volume: expected a volume from 0 to 100"),
            ("  voice: \"en gb\"\n", "s.yaml:3:10: speech.voice: expected an espeak-ng voice name"),
            ("  device: \"\"\n", "s.yaml:3:11: speech.device: expected an ALSA device name"),
            ("  pitch: 50\n", "s.yaml:3:3: speech.pitch: unknown key"),
        ])
    func refused(_ body: String, _ message: String) {
        let error = boardError { () throws(BoardFileError) in try parse(body) }
        #expect(error?.description.hasPrefix(message) == true, "\(String(describing: error))")
    }
}
