import Foundation
import Testing
@testable import BoardConfig
import SeededRandom

/// Mutated fixtures must always produce a board or a BoardFileError, never a crash or a hang.
@Suite struct RobustnessTests {
    @Test func mutatedFixturesNeverCrash() throws {
        var seeds: [[UInt8]] = []
        for path in Fixtures.brokenFileNames().map({ Fixtures.broken + "/" + $0 }) + [Fixtures.valid + "/preview.yaml"] {
            seeds.append(Array(try #require(FileManager.default.contents(atPath: path))))
        }
        let alphabet = Array(" \t\n\r:-?&*!|>'\"#[]{},.0123456789abcxyz_/\\%@`~".utf8) + [0xC3, 0xA9, 0x00, 0x01]
        var rng = SplitMix64(state: 20_261_122)
        var outcomes = (boards: 0, errors: 0)
        for _ in 0..<5_000 {
            var bytes = seeds[Int.random(in: 0..<seeds.count, using: &rng)]
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                let at = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &rng)
                let byte = alphabet[Int.random(in: 0..<alphabet.count, using: &rng)]
                switch Int.random(in: 0...2, using: &rng) {
                case 0: bytes.insert(byte, at: at)
                case 1: if !bytes.isEmpty { bytes.remove(at: at) }
                default: if !bytes.isEmpty { bytes[at] = byte }
                }
            }
            guard TextScan.firstInvalidUTF8Offset(bytes) == nil else { continue }
            do {
                _ = try loader.parse(String(decoding: bytes, as: UTF8.self), path: "m.yaml")
                outcomes.boards += 1
            } catch {
                #expect(error.file == "m.yaml")
                #expect(!error.message.isEmpty && error.message.count < 400, "\(error.message)")
                outcomes.errors += 1
            }
        }
        #expect(outcomes.errors > outcomes.boards)
    }
}
