#if canImport(Glibc)
import Glibc
#endif
import CSVStream
import ZipReader

extension GTFSArchiveLimits {
    /// The same caps for the zip reader; its 4 MiB directory cap is the reader's own.
    var zipLimits: ZipLimits {
        ZipLimits(
            maxEntries: maxMembers, maxEntryBytes: memberBytes, maxTotalBytes: totalBytes,
            maxRatio: compressionRatio, ratioAppliesAbove: ratioAppliesAbove)
    }
}

extension FeedArchive {
    /// A zip reader's error in the importer's words: caps as "member" and "feed" limits in
    /// KiB/MiB, problems met while inflating prefixed "cannot extract:".
    static func importError(_ error: ZipError, file: String, extracting: Bool) -> GTFSImportError {
        let ratioLimit = { (limit: Int64) in "\(limit):1 compression ratio limit (a zip bomb?)" }
        let message =
            switch error.kind {
            case .tooManyEntries(let limit):
                "more than \(limit) members; not a GTFS feed"
            case .entryTooLarge(let declared, let bytes, let limit):
                (declared ? "declares \(byteText(bytes))" : "expands to more than \(byteText(limit))")
                    + " uncompressed, over the \(byteText(limit)) limit for one member"
            case .totalTooLarge(let declared, let limit):
                "the feed \(declared ? "declares" : "expands to") more than the \(byteText(limit)) total limit"
            case .ratioTooHigh(let declared, let bytes, let compressed, let limit):
                declared
                    ? "declares \(byteText(bytes)) from \(byteText(compressed)) compressed, over the \(ratioLimit(limit))"
                    : "expands to more than \(limit) times its compressed \(byteText(compressed)), over the \(ratioLimit(limit))"
            case .cannotOpen, .notRegularFile, .readFailed, .notZip:
                error.message
            default:
                extracting ? "cannot extract: " + error.message : error.message
            }
        return GTFSImportError(file: file, message: message)
    }
}

/// A zip entry as CSV bytes: inflated as read, its errors in the importer's words, its
/// size added to the feed's total once read to the end.
struct EntryBytes: CSVByteSource {
    let reader: ZipEntryReader
    let label: String
    let budget: FeedArchive.ExtractionBudget
    private var counted = false

    init(reader: ZipEntryReader, label: String, budget: FeedArchive.ExtractionBudget) {
        self.reader = reader
        self.label = label
        self.budget = budget
    }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(CSVError) -> Int {
        let count: Int
        do {
            count = try reader.read(into: buffer)
        } catch {
            throw CSVError(.source(FeedArchive.importError(error, file: label, extracting: true).message))
        }
        if count == 0, !counted {
            counted = true
            budget.extracted += reader.bytesRead
        }
        return count
    }
}

/// An extracted file read with read(2); a class so the descriptor closes when dropped.
final class DescriptorBytes: CSVByteSource {
    private let fd: Int32

    init(path: String) throws(GTFSImportError) {
        fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw GTFSImportError(file: path, message: "cannot open: \(strerrorText(errno))") }
    }

    deinit {
        close(fd)
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(CSVError) -> Int {
        while true {
            let count = readDescriptor(fd, buffer)
            if count >= 0 { return count }
            if errno != EINTR { throw CSVError(.source("cannot read: \(strerrorText(errno))")) }
        }
    }
}

/// read(2), out here where `read` is not the source's own method.
private func readDescriptor(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
    read(fd, buffer.baseAddress, buffer.count)
}
