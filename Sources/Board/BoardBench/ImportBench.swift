public import SourceAssembly
#if canImport(Glibc)
import Glibc
#endif
import SystemFiles

/// `bench --gtfs-zip`: `gtfs import` of a feed as users run it, in a child process of this
/// binary, for a board of the given stops: stop_times rows a second over the whole command,
/// and the child's own peak resident memory (its VmHWM at exit, as for `render` and `run`).
///
/// Any zip: the agency's own on the board's machine, or a generated one
/// (`gtfs-import-bench --zip`, a test tool, so no feed generator ships in the sign).
public enum ImportBench {
    public struct Figures: Sendable {
        /// stop_times rows read, from the child's own report; nil when it failed.
        public var rows: Int?
        public var elapsed: Duration
        public var peakKiB: Int
        public var exitStatus: Int32
        /// What the child printed (its summary, or its error).
        public var output: String

        public var rowsPerSecond: Double? {
            rows.map { Double($0) * 1e6 / max(1, BenchMeasurement.microseconds(elapsed)) }
        }

        public var text: String {
            guard let rows, let rowsPerSecond, exitStatus == 0 else {
                return "gtfs import failed (exit \(exitStatus)): \(output)\n"
            }
            return "gtfs import: \(rows) stop_times rows in \(formatted(BenchMeasurement.microseconds(elapsed) / 1000)) ms, "
                + "\(Int(rowsPerSecond.rounded())) rows/s, peak RSS \(formatted(Double(peakKiB) / 1024)) MiB\n"
        }
    }

    /// `runs` imports of `zip` into a scratch store, one child each.
    public static func run(zip: String, stopIDs: [String], runs: Int) throws(AssemblyError) -> [Figures] {
        guard access(zip, R_OK) == 0 else { throw AssemblyError(.io, "\(zip): cannot read (\(systemErrorText(errno)))") }
        // The import unpacks stop_times.txt beside the store: TMPDIR needs room for it.
        let probe = try ProcessProbe.inScratchFolder()
        let folder = probe.scratch
        let board = folder + "/board.yaml", store = folder + "/store.sqlite", out = folder + "/out.txt", err = folder + "/err.txt"
        defer { for path in [board, store, out, err] { unlink(path) }; rmdir(folder) }
        let text =
            "source: {kind: gtfs, store: \(JSONString.quoted(store)), stop_ids: ["
            + stopIDs.map(JSONString.quoted).joined(separator: ", ") + "]}\n"
        do {
            try AtomicFile.write(Array(text.utf8), to: board, durable: false)
        } catch {
            throw AssemblyError(.io, "\(board): cannot write the bench's board: \(error)")
        }
        return (0..<runs).map { _ in
            let child = probe.measure(["gtfs", "import", zip, "--board", board], stderrPath: err, stdoutPath: out)
            let printed = [out, err].compactMap { try? BoundedFile.read($0, maxBytes: 1 << 16) }
                .map { String(decoding: $0, as: UTF8.self) }.joined().split(separator: "\n").joined(separator: " ")
            return Figures(
                rows: child.exitStatus == 0 ? rowsRead(printed) : nil, elapsed: child.firstFrame ?? .zero,
                peakKiB: child.peakKiB, exitStatus: child.exitStatus, output: printed)
        }
    }

    /// N in `gtfs import`'s "… from N stop_times rows in …".
    static func rowsRead(_ report: String) -> Int? {
        let words = report.split(separator: " ")
        guard let at = words.indices.dropFirst().first(where: { Array(words[$0...].prefix(3)) == ["stop_times", "rows", "in"] }) else {
            return nil
        }
        return Int(words[at - 1])
    }
}
