import Testing
import ZipReader

/// Archives that lie, overlap, run short or expand without end: each fails with an error
/// naming the entry, before a byte too many is produced.
@Suite struct HostileArchiveTests {
    static let stops = TestZip.stored("stops.txt", "stop_id,stop_name\nA,Alpha\n")
    static let text = Array(String(repeating: "T1,S1,08:00:00\n", count: 400).utf8)

    @Test func truncatedOrNotAZip() {
        let good = TestZip(entries: [Self.stops, TestZip.deflated("trips.txt", Self.text)]).bytes()
        for cut in [0, 1, 21, good.count / 2, good.count - 1] {
            #expect(throws: ZipError(.notZip), "cut to \(cut)") { try ZipArchive(bytes: Array(good[..<cut])) }
        }
        #expect(ZipError(.notZip).description == "not a zip archive, or a truncated one (no end-of-archive record)")
    }

    @Test func commentsAndFakeEndRecordsInThem() throws {
        // A comment holding an end-record signature of its own must not be taken for the real one.
        var zip = TestZip(entries: [Self.stops])
        zip.comment = [0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0x41, count: 30)
        let archive = try ZipArchive(bytes: zip.bytes())
        #expect(archive.comment == zip.comment)
        #expect(try contents(of: archive.entries[0], in: archive) == Self.stops.data)
        // Bytes after the record (some download tools append them) are tolerated.
        #expect(try ZipArchive(bytes: TestZip(entries: [Self.stops]).bytes() + [0, 0, 0]).entries.count == 1)
    }

    @Test func directoryOutOfRangeOrTooSmall() {
        var outside = TestZip(entries: [Self.stops])
        outside.directoryOffset = 5_000
        #expect(throws: ZipError(.damaged("the central directory lies outside the archive"))) { try ZipArchive(bytes: outside.bytes()) }
        var many = TestZip(entries: [Self.stops])
        many.entryCount = 3
        #expect(throws: ZipError(.damaged("3 entries cannot fit a central directory of 55 bytes"))) { try ZipArchive(bytes: many.bytes()) }
        var spanned = TestZip(entries: [Self.stops])
        spanned.diskNumber = 1
        #expect(throws: ZipError(.spansDisks)) { try ZipArchive(bytes: spanned.bytes()) }
    }

    @Test func absurdEntryCounts() {
        var absurd = TestZip(entries: [Self.stops])
        absurd.entryCount = 60_000
        #expect(throws: ZipError(.tooManyEntries(limit: 10_000))) { try ZipArchive(bytes: absurd.bytes()) }
        let five = TestZip(entries: (0..<5).map { TestZip.stored("f\($0).txt", "x") })
        #expect(throws: ZipError(.tooManyEntries(limit: 4))) { try ZipArchive(bytes: five.bytes(), limits: ZipLimits(maxEntries: 4)) }
        #expect(throws: ZipError(.damaged("a central directory of 260 bytes, over the 100 byte limit"))) {
            try ZipArchive(bytes: five.bytes(), limits: ZipLimits(maxDirectoryBytes: 100))
        }
    }

    @Test func overlappingEntriesAreRefused() {
        // The second entry's header points inside the first one's data: one stream, two entries.
        var second = TestZip.stored("b.txt", "stop_id,stop_name\nA,Alpha\n")
        second.offset = 10
        let overlap = TestZip(entries: [TestZip.stored("a.txt", "stop_id,stop_name\nA,Alpha\n"), second])
        let error = ZipError(entry: "a.txt", .damaged("its data overlaps another entry or the central directory"))
        #expect(throws: error) { try ZipArchive(bytes: overlap.bytes()) }
        #expect(error.description == "a.txt: damaged zip directory (its data overlaps another entry or the central directory)")
        // Two records for one header.
        var twin = TestZip.stored("b.txt", "x")
        twin.offset = 0
        #expect(throws: ZipError.self) { try ZipArchive(bytes: TestZip(entries: [TestZip.stored("a.txt", "x"), twin]).bytes()) }
        // A compressed size that runs into the central directory.
        var long = Self.stops
        long.compressedSize += 1
        long.uncompressedSize += 1
        #expect(throws: ZipError(entry: "stops.txt", .damaged("its data overlaps another entry or the central directory"))) {
            try ZipArchive(bytes: TestZip(entries: [long]).bytes())
        }
        // A header offset past the directory.
        var far = Self.stops
        far.offset = 4_000
        #expect(throws: ZipError(entry: "stops.txt", .damaged("its data overlaps another entry or the central directory"))) {
            try ZipArchive(bytes: TestZip(entries: [far]).bytes())
        }
    }

    @Test func localHeaderMustMatch() throws {
        var renamed = Self.stops
        renamed.localName = "stopz.txt"
        let archive = try ZipArchive(bytes: TestZip(entries: [renamed]).bytes())
        #expect(readError(archive, "stops.txt") == ZipError(entry: "stops.txt", .damaged("its local header names another entry")))
        // b.txt's header really starts at 36; the directory says 37 (room left after it).
        var moved = TestZip.stored("b.txt", "y")
        moved.offset = 37
        moved.trailer = [0, 0]
        let shifted = try ZipArchive(bytes: TestZip(entries: [TestZip.stored("a.txt", "x"), moved]).bytes())
        #expect(readError(shifted, "b.txt") == ZipError(entry: "b.txt", .damaged("no local header where the directory points")))
    }

    @Test func encryptionAndOtherMethodsAreNamed() throws {
        var encrypted = Self.stops
        encrypted.flags |= 1
        var bzip2 = Self.stops
        bzip2.method = 12
        let archive = try ZipArchive(
            bytes: TestZip(entries: [
                encrypted, TestZip.stored("x", "y"),
                {
                    var e = bzip2; e.name = "b.txt"; return e
                }(),
            ]).bytes())
        #expect(readError(archive, "stops.txt") == ZipError(entry: "stops.txt", .encrypted))
        #expect(readError(archive, "b.txt") == ZipError(entry: "b.txt", .unsupportedMethod(12)))
        #expect(
            ZipError(entry: "b.txt", .unsupportedMethod(12)).description
                == "b.txt: compressed with method 12, not deflate or stored; not supported")
        #expect(ZipError(entry: "stops.txt", .encrypted).description == "stops.txt: encrypted (password-protected); not supported")
    }

    @Test func checksumMismatch() throws {
        var flipped = Self.stops
        flipped.data[5] ^= 0x20
        let archive = try ZipArchive(bytes: TestZip(entries: [flipped]).bytes())
        let error = ZipError(entry: "stops.txt", .checksumMismatch(expected: Self.stops.crc, actual: crc32Of(flipped.data)))
        #expect(readError(archive, "stops.txt") == error)
        let hex = String(crc32Of(flipped.data), radix: 16), expected = String(Self.stops.crc, radix: 16)
        #expect(
            error.description == "stops.txt: corrupt member (checksum mismatch: CRC-32 "
                + String(repeating: "0", count: 8 - hex.count) + hex + ", the directory says "
                + String(repeating: "0", count: 8 - expected.count) + expected + ")")
    }

    @Test func corruptAndTruncatedDeflate() throws {
        var garbage = TestZip.deflated("trips.txt", Self.text)
        garbage.data = [UInt8](repeating: 0xFF, count: garbage.data.count)  // block type 3: invalid
        #expect(
            readError(try ZipArchive(bytes: TestZip(entries: [garbage]).bytes()), "trips.txt")
                == ZipError(entry: "trips.txt", .corruptData))
        var short = TestZip.deflated("trips.txt", Self.text)
        short.data.removeLast(short.data.count / 2)
        short.compressedSize = UInt32(short.data.count)
        #expect(
            readError(try ZipArchive(bytes: TestZip(entries: [short]).bytes()), "trips.txt")
                == ZipError(entry: "trips.txt", .truncated))
        #expect(ZipError(entry: "trips.txt", .truncated).description == "trips.txt: compressed data ends early (truncated or corrupt)")
    }

    @Test func sizesThatDisagreeWithTheDirectory() throws {
        var bigger = TestZip.deflated("trips.txt", Self.text)
        bigger.uncompressedSize += 1
        #expect(
            readError(try ZipArchive(bytes: TestZip(entries: [bigger]).bytes()), "trips.txt")
                == ZipError(
                    entry: "trips.txt",
                    .sizeMismatch(what: .uncompressed, declared: Int64(Self.text.count + 1), actual: Int64(Self.text.count))))
        // Bytes after the end of the deflate stream, inside the declared compressed size.
        var padded = TestZip.deflated("trips.txt", Self.text)
        padded.data += [0, 0, 0]
        padded.compressedSize += 3
        let declared = Int64(padded.compressedSize)
        let error = ZipError(entry: "trips.txt", .sizeMismatch(what: .compressed, declared: declared, actual: declared - 3))
        #expect(readError(try ZipArchive(bytes: TestZip(entries: [padded]).bytes()), "trips.txt") == error)
        #expect(error.description == "trips.txt: compressed size is \(declared - 3) bytes, but the directory says \(declared)")
        var storedShort = Self.stops
        storedShort.uncompressedSize -= 1
        #expect(
            readError(try ZipArchive(bytes: TestZip(entries: [storedShort]).bytes()), "stops.txt")
                == ZipError(
                    entry: "stops.txt",
                    .sizeMismatch(
                        what: .uncompressed, declared: Int64(Self.stops.data.count - 1),
                        actual: Int64(Self.stops.data.count))))
    }

    @Test func dataDescriptorsAreChecked() throws {
        var good = Self.stops
        good.flags |= 8
        good.trailer = [0x50, 0x4B, 0x07, 0x08]
        put32(&good.trailer, good.crc, good.compressedSize, good.uncompressedSize)
        #expect(readError(try ZipArchive(bytes: TestZip(entries: [good]).bytes()), "stops.txt") == nil)
        var lying = good
        lying.trailer = [0x50, 0x4B, 0x07, 0x08]
        put32(&lying.trailer, good.crc ^ 1, good.compressedSize, good.uncompressedSize)
        #expect(
            readError(try ZipArchive(bytes: TestZip(entries: [lying]).bytes()), "stops.txt")
                == ZipError(entry: "stops.txt", .damaged("its data descriptor disagrees with the central directory")))
    }
}
