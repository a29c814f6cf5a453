import Foundation
import GTFSFeedBuilder
import GTFSSchedule
import Testing
import TestTiming

/// Zips that must fail with an error naming the member, quickly, leaving the last good
/// store and no temporary files. Small caps stand in for the generous defaults.
@Suite struct HostileZipTests {
    static let small = GTFSArchiveLimits(totalBytes: 3 << 20, memberBytes: 2 << 20, compressionRatio: 200, ratioAppliesAbove: 64 << 10)

    /// Imports `zip` over a good store; returns the error's text after checking the store
    /// and the folder were left as they were.
    private func failure(
        _ name: String, limits: GTFSArchiveLimits = small, member: String? = nil,
        build: (String) throws -> Void
    ) throws -> String {
        let folder = try TempFolder()
        defer { folder.remove() }
        let storePath = folder.path + "/board.sqlite"
        try GTFSImporter(stopIDs: ["CEN"]).importFeed(zipPath: try SmallFeed().zip(in: folder), storePath: storePath)
        let before = try Data(contentsOf: URL(fileURLWithPath: storePath))
        let zip = folder.path + "/" + name
        try build(zip)
        let clock = ContinuousClock(), start = clock.now
        var text = "imported"
        do {
            try GTFSImporter(stopIDs: ["CEN"], member: member, limits: limits).importFeed(zipPath: zip, storePath: storePath)
        } catch {
            text = error.description
        }
        #expect(clock.now - start < TestTiming.scaled(.seconds(20)))
        #expect(try Data(contentsOf: URL(fileURLWithPath: storePath)) == before)
        #expect(folder.contents() == ["board.sqlite", "feed.zip", name].sorted(), "no temporary files")
        #expect(!text.contains(folder.path) && !text.contains("Error Domain"), "\(text)")
        return text
    }

    /// SmallFeed's members with `extra` added or replacing.
    private func members(_ extra: [(String, [UInt8])] = []) -> [(name: String, bytes: [UInt8])] {
        var files = GTFSFeedBuilder.members(SmallFeed().files).filter { file in !extra.contains { $0.0 == file.name } }
        files += extra.map { (name: $0.0, bytes: $0.1) }
        return files
    }

    /// A stop_times.txt `rows` long whose extra rows are for a trip no board stop sees;
    /// varied enough to deflate about 10:1 like a real one.
    private func stopTimes(bytes: Int) -> [UInt8] {
        var text = SmallFeed().files["stop_times.txt"]!
        var row = 0
        while text.utf8.count < bytes {
            row += 1
            text += "T_OTHER,OTHER,\(1_000 + row),\(10 + row % 13):\(10 + row % 47):\(10 + row * 7 % 49),10:30:00,,\(row * 31 % 9_973)\n"
        }
        return Array(text.utf8)
    }

    @Test func memberOverItsDeclaredCap() throws {
        let text = try failure("big.zip") {
            try GTFSFeedBuilder.writeZip(members: members([("stop_times.txt", stopTimes(bytes: 2_200_000))]), to: $0)
        }
        #expect(text == "stop_times.txt: declares 2.1 MiB uncompressed, over the 2 MiB limit for one member")
    }

    @Test func headerThatLiesAboutItsSizeIsCaughtWhileInflating() throws {
        let text = try failure("liar.zip") { zip in
            try GTFSFeedBuilder.writeZip(members: members([("stop_times.txt", stopTimes(bytes: 2_200_000))]), to: zip)
            try GTFSFeedBuilder.declareUncompressedSize(900, of: "stop_times.txt", in: zip)
        }
        #expect(text == "stop_times.txt: expands to more than 2 MiB uncompressed, over the 2 MiB limit for one member")
    }

    @Test func zipBombIsRefusedOnItsRatio() throws {
        let zeros = [UInt8](repeating: 0x30, count: 1_500_000)
        let text = try failure("bomb.zip") { try GTFSFeedBuilder.writeZip(members: members([("stops.txt", zeros)]), to: $0) }
        #expect(text.hasPrefix("stops.txt: declares 1.4 MiB from "), "\(text)")
        #expect(text.contains(" KiB compressed, "), "\(text)")
        #expect(text.hasSuffix(", over the 200:1 compression ratio limit (a zip bomb?)"), "\(text)")
        let lying = try failure("bomb-liar.zip") { zip in
            try GTFSFeedBuilder.writeZip(members: members([("stops.txt", zeros)]), to: zip)
            try GTFSFeedBuilder.declareUncompressedSize(1_000, of: "stops.txt", in: zip)
        }
        #expect(lying.hasPrefix("stops.txt: expands to more than 200 times its compressed "), "\(lying)")
        #expect(lying.hasSuffix(", over the 200:1 compression ratio limit (a zip bomb?)"), "\(lying)")
    }

    @Test func totalOverTheCap() throws {
        let limits = GTFSArchiveLimits(totalBytes: 2 << 20, memberBytes: 2 << 20)
        let text = try failure("total.zip", limits: limits) { zip in
            try GTFSFeedBuilder.writeZip(
                members: members([
                    ("stop_times.txt", stopTimes(bytes: 1_200_000)),
                    ("trips.txt", Array((SmallFeed().files["trips.txt"]! + String(repeating: "\n", count: 1_000_000)).utf8)),
                ]),
                to: zip, stored: true)
        }
        #expect(text == "trips.txt: the feed declares more than the 2 MiB total limit")
    }

    @Test func namesLeadingOutOfTheArchiveAreRefused() throws {
        #expect(
            try failure("dots.zip") { try GTFSFeedBuilder.writeZip(members: members([("../../etc/cron.d/x", [0x41])]), to: $0) }
                == "../../etc/cron.d/x: member name leads out of the archive ('..' or a leading '/'); zip refused")
        #expect(
            try failure("slash.zip") { try GTFSFeedBuilder.writeZip(members: members([("/tmp/stops.txt", [0x41])]), to: $0) }
                == "/tmp/stops.txt: member name leads out of the archive ('..' or a leading '/'); zip refused")
    }

    @Test func truncatedZipAndNonZip() throws {
        let text = try failure("cut.zip") { zip in
            try GTFSFeedBuilder.writeZip(members: members([("stop_times.txt", stopTimes(bytes: 300_000))]), to: zip)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: zip))
            try bytes.prefix(bytes.count * 2 / 3).write(to: URL(fileURLWithPath: zip))
        }
        #expect(text == "not a zip archive, or a truncated one (no end-of-archive record)")
        #expect(
            try failure("text.zip") { try Data("agency_id,agency_name\n".utf8).write(to: URL(fileURLWithPath: $0)) }
                == "not a zip archive, or a truncated one (no end-of-archive record)")
    }

    @Test func emptyRequiredMemberIsNamed() throws {
        #expect(
            try failure("empty.zip") { try GTFSFeedBuilder.writeZip(members: members([("stops.txt", [])]), to: $0) }
                == "stops.txt: is empty (0 bytes); a GTFS file needs at least its header row")
        // A header-only optional file, or a 0-byte one, is just an empty table.
        let folder = try TempFolder()
        defer { folder.remove() }
        try GTFSFeedBuilder.writeZip(
            members: members([
                ("frequencies.txt", Array("trip_id,start_time,end_time,headway_secs\n".utf8)),
                ("calendar_dates.txt", []),
            ]), to: folder.path + "/feed.zip")
        let summary = try GTFSImporter(stopIDs: ["CEN"]).importFeed(
            zipPath: folder.path + "/feed.zip", storePath: folder.path + "/s.sqlite")
        #expect(summary.frequencies == 0)
    }

    @Test func missingZipInPlainWords() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        #expect(throws: GTFSImportError(file: "", message: "cannot open: No such file or directory")) {
            try GTFSImporter(stopIDs: ["CEN"]).importFeed(zipPath: folder.path + "/none.zip", storePath: folder.path + "/s.sqlite")
        }
    }
}
