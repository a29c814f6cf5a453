import Foundation
import ZIPFoundation

/// A feed zip opened for reading: its members by file name, extracted one at a time under
/// `GTFSArchiveLimits`. Member names that could escape a folder refuse the whole zip.
final class FeedArchive {
    let archive: Archive
    /// Put before member names in errors: "" at the top level, "rail.zip/" inside a nested zip.
    let prefix: String
    let limits: GTFSArchiveLimits
    /// Bytes extracted so far by this import, shared with nested zips for the total cap.
    let budget: ExtractionBudget
    /// File members by their last path component; one at the top level wins over one in a folder.
    private(set) var files: [String: Entry] = [:]
    /// Paths of members ending in ".zip", in archive order.
    private(set) var innerZips: [String] = []
    /// File members by full path.
    private var paths: [String: Entry] = [:]

    final class ExtractionBudget {
        var extracted: Int64 = 0
    }

    init(path: String, prefix: String, limits: GTFSArchiveLimits, budget: ExtractionBudget) throws(GTFSImportError) {
        self.prefix = prefix
        self.limits = limits
        self.budget = budget
        let label = prefix.isEmpty ? "" : String(prefix.dropLast())
        try Self.checkEndRecord(path, label: label)
        do {
            archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        } catch {
            throw GTFSImportError(file: label, message: plainText(error))
        }
        var count = 0
        var paths: [String: Entry] = [:]
        for entry in archive {
            count += 1
            guard count <= limits.maxMembers else {
                throw GTFSImportError(file: label, message: "more than \(limits.maxMembers) members; not a GTFS feed")
            }
            let name = entry.path
            guard Self.isSafe(name) else {
                throw GTFSImportError(file: prefix + name, message: "member name leads out of the archive ('..' or a leading '/'); zip refused")
            }
            guard entry.type == .file else { continue }
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
        files[name].map { Int64(clamping: $0.uncompressedSize) }
    }

    /// Extracts file member `name` to `path` (which must not exist); returns the bytes written.
    @discardableResult
    func extract(_ name: String, to path: String) throws(GTFSImportError) -> Int64 {
        guard let entry = files[name] else { throw .missingFile(prefix + name) }
        return try extract(entry, label: prefix + name, to: path)
    }

    /// Opens the feed to import: `zipPath` itself, or with `member`, the zip of that path
    /// inside it, extracted to `innerPath` (the caller removes it).
    static func openFeed(zipPath: String, member: String?, innerPath: String,
                         limits: GTFSArchiveLimits) throws(GTFSImportError) -> FeedArchive {
        let outer = try FeedArchive(path: zipPath, prefix: "", limits: limits, budget: ExtractionBudget())
        guard let member else {
            if !outer.has("stops.txt"), !outer.innerZips.isEmpty {
                throw GTFSImportError(file: "", message: "no stops.txt, but the zip holds other zips: "
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

    @discardableResult
    private func extract(_ entry: Entry, label: String, to path: String) throws(GTFSImportError) -> Int64 {
        let compressed = Int64(clamping: entry.compressedSize)
        try check(Int64(clamping: entry.uncompressedSize), compressed: compressed, label: label, declared: true)
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw GTFSImportError(file: label, message: "cannot extract: \(strerrorText(errno))") }
        defer { close(fd) }
        var written: Int64 = 0
        do {
            _ = try archive.extract(entry, bufferSize: 1 << 16, skipCRC32: false) { data in
                written += Int64(data.count)
                try self.check(written, compressed: compressed, label: label, declared: false)
                try Self.writeAll(fd, data)
            }
        } catch let error as GTFSImportError {
            throw error
        } catch {
            throw GTFSImportError(file: label, message: "cannot extract: \(plainText(error))")
        }
        budget.extracted += written
        return written
    }

    /// Throws when `bytes` of one member (declared, or inflated so far) pass a limit.
    private func check(_ bytes: Int64, compressed: Int64, label: String, declared: Bool) throws(GTFSImportError) {
        let said = declared ? "declares" : "expands to more than"
        if bytes > limits.memberBytes {
            throw GTFSImportError(file: label, message: "\(said) \(byteText(declared ? bytes : limits.memberBytes)) uncompressed, over the \(byteText(limits.memberBytes)) limit for one member")
        }
        if budget.extracted + bytes > limits.totalBytes {
            throw GTFSImportError(file: label, message: "the feed \(declared ? "declares" : "expands to") more than the \(byteText(limits.totalBytes)) total limit")
        }
        if bytes > limits.ratioAppliesAbove, bytes / max(compressed, 1) >= limits.compressionRatio {
            let ratio = "\(limits.compressionRatio):1 compression ratio limit (a zip bomb?)"
            throw GTFSImportError(file: label, message: declared
                ? "declares \(byteText(bytes)) from \(byteText(compressed)) compressed, over the \(ratio)"
                : "expands to more than \(limits.compressionRatio) times its compressed \(byteText(compressed)), over the \(ratio)")
        }
    }

    private static func writeAll(_ fd: Int32, _ data: Data) throws {
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
                offset += n
            }
        }
    }

    /// False for names with a ".." component or a leading "/" (or their backslash forms).
    static func isSafe(_ name: String) -> Bool {
        if name.hasPrefix("/") || name.hasPrefix("\\") { return false }
        return !name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).contains("..")
    }

    /// A zip ends with an end-of-central-directory record in its last 64 KiB; without one the
    /// file is truncated or not a zip. Checked here because ZIPFoundation would scan the whole
    /// file backwards a byte at a time looking for it.
    private static func checkEndRecord(_ path: String, label: String) throws(GTFSImportError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw GTFSImportError(file: label, message: "cannot open: \(strerrorText(errno))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw GTFSImportError(file: label, message: "not a regular file")
        }
        let size = Int64(info.st_size), tailSize = min(size, 22 + 65_535)
        let notZip = GTFSImportError(file: label, message: "not a zip archive, or a truncated one (no end-of-archive record)")
        guard tailSize >= 22 else { throw notZip }
        var tail = [UInt8](repeating: 0, count: Int(tailSize))
        guard pread(fd, &tail, tail.count, off_t(size - tailSize)) == tail.count else {
            throw GTFSImportError(file: label, message: "cannot read: \(strerrorText(errno))")
        }
        for start in stride(from: tail.count - 22, through: 0, by: -1)
        where tail[start] == 0x50 && tail[start + 1] == 0x4B && tail[start + 2] == 0x05 && tail[start + 3] == 0x06 {
            let commentLength = Int(tail[start + 20]) | Int(tail[start + 21]) << 8
            if start + 22 + commentLength <= tail.count { return }
        }
        throw notZip
    }
}
