// Fuzz target: zip archives as the GTFS import and the schedule updater open them
// (ZipReader from a file), every entry read to its end under small caps; then the checks
// FeedArchive adds for feeds (names that leave the folder, zips inside zips), through the
// stop search, which reads stops.txt straight from the zip.
import FuzzSupport
import GTFSSchedule
import ZipReader

enum Fixture {
    static let scratch = ScratchFile()
    static let folder = ScratchFolder("zip")
    /// Small caps, so a bomb is refused within a run's memory and time, and the caps are reached.
    static let limits = ZipLimits(
        maxEntries: 64, maxDirectoryBytes: 64 << 10, maxEntryBytes: 1 << 20,
        maxTotalBytes: 4 << 20, maxRatio: 200, ratioAppliesAbove: 64 << 10)
    static let feedLimits = GTFSArchiveLimits(
        totalBytes: 4 << 20, memberBytes: 1 << 20, compressionRatio: 200,
        ratioAppliesAbove: 64 << 10, maxMembers: 64)
}

/// Any bytes must open or throw a `ZipError`, and every entry read in full or throw one:
/// never trap, never hang, never more than the caps allow.
func fuzzOne(_ bytes: [UInt8]) {
    let limits = Fixture.limits
    Fixture.scratch.write(bytes)
    let archive: ZipArchive
    do {
        archive = try ZipArchive(path: Fixture.scratch.path, limits: limits)
    } catch {
        _ = error.description
        return
    }
    precondition(archive.entries.count <= limits.maxEntries, "more entries than the cap")
    var total: Int64 = 0
    for entry in archive.entries {
        do {
            let reader = try archive.open(entry, alreadyRead: total)
            let data = try reader.readAll(maxBytes: Int(limits.maxEntryBytes))
            // A reader that reached its end has checked sizes and CRC against the directory.
            precondition(
                Int64(data.count) == entry.uncompressedSize && reader.bytesRead == entry.uncompressedSize,
                "\(entry.name): read \(data.count) bytes, the directory says \(entry.uncompressedSize)")
            total += reader.bytesRead
            precondition(total <= limits.maxTotalBytes, "read past the total cap")
        } catch {
            _ = error.description
        }
    }
    // The feed's checks: only for archives that could be feeds, to keep runs fast.
    guard archive.entries.contains(where: { $0.name.hasSuffix(".txt") || $0.name.lowercased().hasSuffix(".zip") }) else { return }
    defer { Fixture.folder.clear() }
    search(member: nil)
    if let inner = archive.entries.first(where: { $0.name.lowercased().hasSuffix(".zip") }) {
        search(member: inner.name)
    }
}

private func search(member: String?) {
    do {
        let found = try GTFSStopFinder.search(
            zipPath: Fixture.scratch.path, member: member, limit: 5,
            limits: Fixture.feedLimits, temporaryDirectory: Fixture.folder.path)
        precondition(found.count <= 5, "more stops than asked for")
    } catch {
        _ = error.description  // names the member
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput") public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzSupport.run(fuzzOne, data, size)
}
#else
let replayed: Never = FuzzSupport.replayMain(fuzzOne)
#endif
