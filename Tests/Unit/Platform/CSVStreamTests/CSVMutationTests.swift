import CSVStream
import SeededRandom
import Testing

/// Random bytes never crash the reader: every row it gives is within the caps, lines only
/// go forward, and it ends with false or a CSVError.
@Suite struct CSVMutationTests {
    @Test(arguments: 0..<20)
    func randomBytesFailCleanly(seed: Int) {
        var random = SplitMix64(state: UInt64(seed) &+ 1_000)
        let pieces: [[UInt8]] = [[0x2C], [0x22], [0x0D], [0x0A], [0x0D, 0x0A], [0xEF, 0xBB, 0xBF], [0xC3, 0xA9], [0xFF], [0x61], [0x20]]
        let limits = CSVLimits(maxFieldBytes: 64, maxRowBytes: 256, maxFields: 16, bufferBytes: 16)
        for _ in 0..<200 {
            let bytes = (0..<random.next(below: 300)).flatMap { _ in pieces[random.next(below: pieces.count)] }
            var reader = CSVRowReader(source: CSVBytes(bytes, chunk: 1 + random.next(below: 20)), limits: limits)
            var line = 0
            do {
                while try reader.next() {
                    #expect(reader.line > line && reader.count <= 16)
                    #expect((0..<reader.count).allSatisfy { reader.fieldBytes($0).count <= 64 })
                    line = reader.line
                }
            } catch {
                #expect(error.line.map { $0 > line } ?? false, "\(error)")
            }
        }
    }
}
