import Foundation
import GTFSFeedBuilder
import GTFSSchedule
import Testing

/// What the zip and CSV readers underneath the importer mean for a feed: quoted line
/// breaks, ragged rows, bad bytes and damaged members, each named by file and line.
@Suite struct FeedReadingTests {
    /// SmallFeed's members with `changes` applied (bytes, so any byte can be written).
    private func members(_ changes: [String: [UInt8]]) -> [(name: String, bytes: [UInt8])] {
        GTFSFeedBuilder.members(SmallFeed().files).map { ($0.name, changes[$0.name] ?? $0.bytes) }
    }

    private func importError(
        _ members: [(name: String, bytes: [UInt8])], stored: Bool = false,
        patch: (inout [UInt8]) -> Void = { _ in }
    ) throws -> String? {
        let folder = try TempFolder()
        defer { folder.remove() }
        let zip = folder.path + "/feed.zip"
        try GTFSFeedBuilder.writeZip(members: members, to: zip, stored: stored)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: zip)))
        patch(&bytes)
        try Data(bytes).write(to: URL(fileURLWithPath: zip))
        do {
            try GTFSImporter(stopIDs: ["CEN"]).importFeed(zipPath: zip, storePath: folder.path + "/s.sqlite")
            return nil
        } catch {
            #expect(folder.contents() == ["feed.zip"], "no temporary files")
            return error.description
        }
    }

    private func stopTimes(_ text: String) -> [UInt8] {
        Array(SmallFeed().files["stop_times.txt"]!.utf8) + Array(text.utf8)
    }

    @Test func quotedLineBreaksKeepLineNumbers() throws {
        // Row 23 spans lines 23 and 24; the bad row after it is on line 25.
        let text = "T_OTHER,MID,3,10:40:00,10:40:00,\"via\nthe depot\",\nT_OTHER,AIR,4,10:50:00,25:6x:00,,\n"
        #expect(
            try importError(members(["stop_times.txt": stopTimes(text)]))
                == "stop_times.txt line 25: departure_time: '25:6x:00' is not HH:MM:SS")
    }

    @Test func raggedRowsReadMissingFieldsAsEmpty() throws {
        // A row without its trailing empty columns, one with an extra column.
        let text = "T_OTHER,MID,3,10:40:00,10:40:00\nT_OTHER,AIR,4,10:50:00,10:50:00,,,extra\n"
        #expect(try importError(members(["stop_times.txt": stopTimes(text)])) == nil)
    }

    @Test func invalidUTF8IsNamedByLine() throws {
        var bytes = stopTimes("")
        bytes += Array("T_OTHER,MID,3,10:40:00,10:40:00,".utf8) + [0xC3, 0x28] + Array(",\n".utf8)
        #expect(try importError(members(["stop_times.txt": bytes])) == "stop_times.txt line 23: not valid UTF-8")
    }

    @Test func unclosedQuoteIsNamed() throws {
        var trips = Array(SmallFeed().files["trips.txt"]!.utf8)
        trips += Array("R1,WK,T_X,\"Endville,0,\n".utf8)
        #expect(try importError(members(["trips.txt": trips])) == "trips.txt line 10: a quoted field is never closed")
    }

    @Test func damagedMemberFailsItsChecksum() throws {
        let marker = Array("T_LATE,AIR".utf8)
        let text = try importError(members([:]), stored: true) { bytes in
            let at = (0...(bytes.count - marker.count)).first { Array(bytes[$0..<$0 + marker.count]) == marker }!
            bytes[at + 7] = UInt8(ascii: "B")  // T_LATE,BIR: same length, another checksum
        }
        #expect(text?.hasPrefix("stop_times.txt: cannot extract: corrupt member (checksum mismatch: CRC-32 ") == true, "\(text ?? "")")
    }

    @Test func stopFinderStreamsAndNamesADamagedStopsFile() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let zip = folder.path + "/feed.zip"
        try GTFSFeedBuilder.writeZip(members: members([:]), to: zip, stored: true)
        #expect(try GTFSStopFinder.search(zipPath: zip, name: "airport", temporaryDirectory: folder.path).map(\.stopID) == ["AIR"])
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: zip)))
        let marker = Array(",Airport,".utf8)  // in stops.txt only (routes.txt has "Airport Express")
        let at = (0...(bytes.count - marker.count)).first { Array(bytes[$0..<$0 + marker.count]) == marker }!
        bytes[at + 1] = UInt8(ascii: "B")
        try Data(bytes).write(to: URL(fileURLWithPath: zip))
        do {
            _ = try GTFSStopFinder.search(zipPath: zip, name: "airport", temporaryDirectory: folder.path)
            Issue.record("a damaged stops.txt must fail")
        } catch {
            #expect(error.file == "stops.txt" && error.line == nil)
            #expect(error.message.hasPrefix("cannot extract: corrupt member (checksum mismatch"), "\(error)")
        }
        #expect(folder.contents() == ["feed.zip"])
    }
}
