#if canImport(Glibc)
import Glibc
#endif
import ZipReader

/// A feed zip opened for reading: its members by file name, extracted (or streamed) one at a
/// time under `GTFSArchiveLimits`. Member names that could escape a folder refuse the whole zip.
final class FeedArchive {
    let archive: ZipArchive
    /// Put before member names in errors: "" at the top level, "rail.zip/" inside a nested zip.
    let prefix: String
    let limits: GTFSArchiveLimits
    /// Bytes extracted so far by this import, shared with nested zips for the total cap.
    let budget: ExtractionBudget
    /// File members by their last path component; one at the top level wins over one in a folder.
    private(set) var files: [String: ZipEntry] = [:]
    /// Paths of members ending in ".zip", in archive order.
    private(set) var innerZips: [String] = []
    /// File members by full path.
    private var paths: [String: ZipEntry] = [:]

    final class ExtractionBudget {
        var extracted: Int64 = 0
    }

    init(path: String, prefix: String, limits: GTFSArchiveLimits, budget: ExtractionBudget) throws(GTFSImportError) {
        self.prefix = prefix
        self.limits = limits
        self.budget = budget
        let label = prefix.isEmpty ? "" : String(prefix.dropLast())
        do {
            archive = try ZipArchive(path: path, limits: limits.zipLimits)
        } catch {
            throw Self.importError(error, file: error.entry.map { prefix + $0 } ?? label, extracting: false)
        }
        var paths: [String: ZipEntry] = [:]
        for entry in archive.entries {
            let name = entry.name
            guard Self.isSafe(name) else {
                throw GTFSImportError(
                    file: prefix + name, message: "member name leads out of the archive ('..' or a leading '/'); zip refused")
            }
            guard entry.kind == .file else { continue }
            let file = name.split(separator: "/").last.map(String.init) ?? name
            if paths[name] == nil { paths[name] = entry }
            if files[file] == nil || !name.contains("/") { files[file] = entry }
            if file.lowercased().hasSuffix(".zip") { innerZips.append(name) }
        }
        self.paths = paths
    }

    func has(_ name: String) -> Bool { files[name] != nil }

    /// The member's declared uncompressed size; nil when absent.
    func declaredSize(_ name: String) -> Int64? {
        files[name]?.uncompressedSize
    }

    /// Extracts file member `name` to `path` (which must not exist); returns the bytes written.
    @discardableResult
    func extract(_ name: String, to path: String) throws(GTFSImportError) -> Int64 {
        guard let entry = files[name] else { throw .missingFile(prefix + name) }
        return try extract(entry, label: prefix + name, to: path)
    }

    /// File member `name` read as CSV straight from the zip as it inflates: nothing is
    /// written to disk. Counts towards the total cap once read to its end.
    func table(_ name: String) throws(GTFSImportError) -> CSVTable {
        guard let entry = files[name] else { throw .missingFile(prefix + name) }
        let label = prefix + name
        return try CSVTable(name: label, source: EntryBytes(reader: try openEntry(entry, label: label), label: label, budget: budget))
    }

    /// Opens the feed to import: `zipPath` itself, or with `member`, the zip of that path
    /// inside it, extracted to `innerPath` (the caller removes it).
    static func openFeed(
        zipPath: String, member: String?, innerPath: String,
        limits: GTFSArchiveLimits
    ) throws(GTFSImportError) -> FeedArchive {
        let outer = try FeedArchive(path: zipPath, prefix: "", limits: limits, budget: ExtractionBudget())
        guard let member else {
            if !outer.has("stops.txt"), !outer.innerZips.isEmpty {
                throw GTFSImportError(
                    file: "",
                    message: "no stops.txt, but the zip holds other zips: "
                        + outer.innerZips.joined(separator: ", ") + "; name the one to import as the member")
            }
            return outer
        }
        // The full path, else the first inner zip (in archive order) of that file name.
        let path = outer.paths[member] != nil ? member : outer.innerZips.first { $0.hasSuffix("/" + member) }
        guard let path, let entry = outer.paths[path] else {
            let choices = outer.innerZips.isEmpty ? "it holds no inner zips" : "inner zips: " + outer.innerZips.joined(separator: ", ")
            throw GTFSImportError(file: member, message: "no such member in the zip (\(choices))")
        }
        removeFile(innerPath)
        try outer.extract(entry, label: member, to: innerPath)
        return try FeedArchive(path: innerPath, prefix: member + "/", limits: limits, budget: outer.budget)
    }

    /// A stream of the entry, its declared sizes checked against the caps first.
    private func openEntry(_ entry: ZipEntry, label: String) throws(GTFSImportError) -> ZipEntryReader {
        do {
            return try archive.open(entry, alreadyRead: budget.extracted)
        } catch {
            throw Self.importError(error, file: label, extracting: true)
        }
    }

    @discardableResult
    private func extract(_ entry: ZipEntry, label: String, to path: String) throws(GTFSImportError) -> Int64 {
        let reader = try openEntry(entry, label: label)
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw GTFSImportError(file: label, message: "cannot extract: \(strerrorText(errno))") }
        defer { close(fd) }
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 8)
        defer { chunk.deallocate() }
        while true {
            let count: Int
            do {
                count = try reader.read(into: chunk)
            } catch {
                throw Self.importError(error, file: label, extracting: true)
            }
            if count == 0 { break }
            guard Self.writeAll(fd, UnsafeRawBufferPointer(rebasing: chunk[..<count])) else {
                throw GTFSImportError(file: label, message: "cannot extract: \(strerrorText(errno))")
            }
        }
        budget.extracted += reader.bytesRead
        return reader.bytesRead
    }

    private static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return false }
            offset += n
        }
        return true
    }

    /// False for names with a ".." component or a leading "/" (or their backslash forms).
    static func isSafe(_ name: String) -> Bool {
        if name.hasPrefix("/") || name.hasPrefix("\\") { return false }
        return !name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).contains("..")
    }
}
