import Foundation
import GTFSFeedBuilder
import SeededRandom
import Testing
import ZipReader

/// Archives from writers that are not ours read back byte for byte: ZIPFoundation (stored,
/// deflated) written here, Python's zipfile and Info-ZIP (ZIP64, data descriptors, comments)
/// from OracleFixtures.
@Suite struct OracleTests {
    /// The text make-fixtures.py gives each entry.
    static func content(_ name: String, lines: Int) -> [UInt8] {
        Array((0..<lines).map { "\(name),\($0),\($0 * 7 % 13)\n" }.joined().utf8)
    }

    @Test(arguments: OracleFixtures.all.map(\.name))
    func fixtureReadsBack(_ name: String) throws {
        let fixture = try #require(OracleFixtures.all.first { $0.name == name })
        let bytes = try #require(Data(base64Encoded: fixture.base64, options: .ignoreUnknownCharacters))
        let archive = try ZipArchive(bytes: Array(bytes))
        #expect(archive.entries.map(\.name) == fixture.entries.map(\.0))
        for ((entryName, lines), entry) in zip(fixture.entries, archive.entries) {
            let expected = Self.content(entryName, lines: lines)
            #expect(entry.uncompressedSize == Int64(expected.count))
            for chunk in [1, 7, 1 << 16] {
                #expect(try contents(of: entry, in: archive, chunk: chunk) == expected, "\(name)/\(entryName) in \(chunk)-byte reads")
            }
        }
    }

    @Test func fixturesCoverWhatTheyClaim() throws {
        func archive(_ name: String) throws -> ZipArchive {
            let fixture = try #require(OracleFixtures.all.first { $0.name == name })
            return try ZipArchive(bytes: Array(try #require(Data(base64Encoded: fixture.base64, options: .ignoreUnknownCharacters))))
        }
        #expect(try archive("pythonDescriptors").entries.allSatisfy(\.hasDataDescriptor))
        #expect(try archive("infoZipStreamed").entries.allSatisfy(\.hasDataDescriptor))
        #expect(try archive("pythonDescriptors").comment == Array("GTFS feed 2026-04".utf8))
        #expect(try archive("pythonZip64").entries.map(\.method) == [8, 0, 8])
    }

    /// A temporary folder for ZIPFoundation's files.
    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "zip-reader-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test(arguments: [false, true])
    func zipFoundationArchivesReadBack(stored: Bool) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var random = SplitMix64(state: stored ? 1 : 2)
        // Varied text (deflates like a feed), an empty member, UTF-8 names, one in a folder.
        let big = Array((0..<60_000).map { "T\($0 % 977),S\(random.next(below: 5_000)),\($0 % 24):\($0 % 60)\n" }.joined().utf8)
        let members: [(name: String, bytes: [UInt8])] = [
            ("stop_times.txt", big), ("empty.txt", []), ("Zürich/Haltestellen.txt", Array("Zürich HB\n".utf8)),
            ("agency.txt", Array("agency_id,agency_name\nA,Ä\n".utf8)),
        ]
        let path = folder + "/feed.zip"
        try GTFSFeedBuilder.writeZip(members: members, to: path, stored: stored)
        let archive = try ZipArchive(path: path)
        #expect(archive.entries.map(\.name) == members.map(\.name))
        #expect(archive.entries.allSatisfy { $0.method == (stored ? 0 : 8) && $0.kind == .file && !$0.hasDataDescriptor })
        for (member, entry) in zip(members, archive.entries) {
            #expect(try contents(of: entry, in: archive) == member.bytes, "\(member.name)")
        }
        #expect(try contents(of: archive.entries[0], in: archive, chunk: 4_093) == big)
        // The same bytes from memory.
        let inMemory = try ZipArchive(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(inMemory.entries == archive.entries)
    }

    @Test func directoriesAreMarked() throws {
        let archive = try ZipArchive(
            bytes: TestZip(entries: [TestZip.stored("gtfs/", ""), TestZip.stored("gtfs/stops.txt", "x\n")]).bytes())
        #expect(archive.entries.map(\.kind) == [.directory, .file])
        #expect(try contents(of: archive.entries[0], in: archive).isEmpty)
    }

    @Test func fileErrorsInPlainWords() throws {
        #expect(throws: ZipError(.cannotOpen("No such file or directory"))) { try ZipArchive(path: "/nonexistent/feed.zip") }
        #expect(throws: ZipError(.notRegularFile)) { try ZipArchive(path: "/tmp") }
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(FileManager.default.createFile(atPath: folder + "/empty.zip", contents: Data()))
        #expect(throws: ZipError(.notZip)) { try ZipArchive(path: folder + "/empty.zip") }
    }
}
