import Testing
import ZipReader

/// Size caps, checked on what the directory declares and again on what inflating produces.
@Suite struct BombTests {
    /// 20 MB of one byte deflates about 1000 : 1.
    static let zeros = [UInt8](repeating: 0x30, count: 20_000_000)
    static let bomb = TestZip.deflated("stop_times.txt", zeros)

    @Test func declaredBombIsRefusedBeforeInflating() throws {
        let archive = try ZipArchive(bytes: TestZip(entries: [Self.bomb]).bytes())
        let compressed = Int64(Self.bomb.compressedSize)
        let error = ZipError(entry: "stop_times.txt", .ratioTooHigh(declared: true, bytes: 20_000_000, compressed: compressed, limit: 200))
        #expect(throws: error) { try archive.open(archive.entries[0]) }
        #expect(error.description == "stop_times.txt: declares 20000000 bytes from \(compressed) compressed, over the 200:1 ratio limit")
    }

    @Test func lyingBombStopsWhileInflating() throws {
        var liar = Self.bomb
        liar.uncompressedSize = 1_000
        let archive = try ZipArchive(bytes: TestZip(entries: [liar]).bytes())
        let reader = try archive.open(archive.entries[0])
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var failure: ZipError?
        do {
            while try buffer.withUnsafeMutableBytes({ raw in Result { () throws(ZipError) in try reader.read(into: raw) } }).get() > 0 {}
        } catch {
            failure = error
        }
        guard case .ratioTooHigh(declared: false, _, let compressed, limit: 200)? = failure?.kind else {
            Issue.record("expected the ratio cap, got \(String(describing: failure))")
            return
        }
        #expect(compressed == Int64(liar.compressedSize))
        #expect(failure?.entry == "stop_times.txt")
        // Stopped within a chunk of the 200 : 1 mark, not after 20 MB.
        #expect(reader.bytesRead >= compressed * 200 && reader.bytesRead <= compressed * 200 + (1 << 16))
    }

    @Test func entryCap() throws {
        let text = Array(String(repeating: "T1,S1,08:00:00\n", count: 400).utf8)
        let limits = ZipLimits(maxEntryBytes: 1_000)
        let archive = try ZipArchive(bytes: TestZip(entries: [TestZip.deflated("trips.txt", text)]).bytes(), limits: limits)
        #expect(throws: ZipError(entry: "trips.txt", .entryTooLarge(declared: true, bytes: 6_000, limit: 1_000))) {
            try archive.open(archive.entries[0])
        }
        var liar = TestZip.deflated("trips.txt", text)
        liar.uncompressedSize = 10
        let lying = try ZipArchive(bytes: TestZip(entries: [liar]).bytes(), limits: limits)
        guard case .entryTooLarge(declared: false, let bytes, limit: 1_000)? = readError(lying, "trips.txt")?.kind else {
            Issue.record("expected the entry cap")
            return
        }
        #expect(bytes > 1_000 && bytes <= 6_000)
        #expect(
            ZipError(entry: "trips.txt", .entryTooLarge(declared: false, bytes: bytes, limit: 1_000)).description
                == "trips.txt: expands to more than the 1000 byte limit for one entry")
    }

    @Test func totalCapCountsWhatWasReadBefore() throws {
        let text = Array(String(repeating: "T1,S1,08:00:00\n", count: 400).utf8)
        let limits = ZipLimits(maxTotalBytes: 10_000)
        let archive = try ZipArchive(bytes: TestZip(entries: [TestZip.deflated("trips.txt", text)]).bytes(), limits: limits)
        #expect(try contents(of: archive.entries[0], in: archive, alreadyRead: 4_000) == text)
        #expect(throws: ZipError(entry: "trips.txt", .totalTooLarge(declared: true, limit: 10_000))) {
            try archive.open(archive.entries[0], alreadyRead: 4_001)
        }
        var liar = TestZip.deflated("trips.txt", text)
        liar.uncompressedSize = 10
        let lying = try ZipArchive(bytes: TestZip(entries: [liar]).bytes(), limits: limits)
        #expect(throws: ZipError(entry: "trips.txt", .totalTooLarge(declared: false, limit: 10_000))) {
            try contents(of: lying.entries[0], in: lying, alreadyRead: 9_000)
        }
    }
}
