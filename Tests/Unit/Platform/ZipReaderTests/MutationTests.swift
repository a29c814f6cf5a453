import Foundation
import SeededRandom
import Testing
import ZipReader

/// Randomly damaged archives never crash the reader or make it produce more than its caps
/// allow: each either reads or fails with a ZipError. (A seed that fails reproduces.)
@Suite struct MutationTests {
    static let seeds =
        [
            TestZip(entries: [
                TestZip.stored("stops.txt", "stop_id,stop_name\nA,Alpha\n"),
                TestZip.deflated("stop_times.txt", Array(String(repeating: "T1,A,1,08:00:00\n", count: 300).utf8)),
            ]).bytes()
        ] + OracleFixtures.all.map { Array(Data(base64Encoded: $0.base64, options: .ignoreUnknownCharacters)!) }

    @Test(arguments: 0..<seeds.count)
    func damagedArchivesFailCleanly(seed: Int) {
        var random = SplitMix64(state: UInt64(seed) &* 7_919)
        let limits = ZipLimits(maxEntryBytes: 1 << 20, maxTotalBytes: 1 << 20)
        for _ in 0..<400 {
            var bytes = Self.seeds[seed]
            for _ in 0..<(1 + random.next(below: 4)) {
                let at = random.next(below: bytes.count)
                switch random.next(below: 3) {
                case 0: bytes[at] = UInt8(truncatingIfNeeded: random.next())
                case 1: bytes[at] = [0x00, 0xFF, 0x50, 0x4B][random.next(below: 4)]
                default: bytes.removeSubrange(at..<min(bytes.count, at + random.next(below: 8)))
                }
            }
            guard let archive = try? ZipArchive(bytes: bytes, limits: limits) else { continue }
            for entry in archive.entries {
                if let read = try? contents(of: entry, in: archive, chunk: 1 + random.next(below: 300)) {
                    #expect(Int64(read.count) == entry.uncompressedSize)
                    #expect(crc32Of(read) == entry.crc32)
                }
            }
        }
    }
}
