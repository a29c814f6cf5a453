// Foundation for FileManager and the directory listing; the replayer is test tooling only.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Shared by the fuzz targets: in a normal build each one is a corpus replayer, so the seed
/// corpus and every past finding run as regression inputs under `swift test`.
///
/// Each target ends with the same five lines, which cannot live here: libFuzzer's entry
/// point must be a C symbol of the target's own binary (`@_cdecl`), and the fuzzing build
/// uses `-parse-as-library`, so the replayer's `main` is a declaration (`let replayed`), as
/// a bare top-level call would not compile there even in the inactive branch.
public enum FuzzSupport {
    /// libFuzzer's input as the bytes `fuzzOne` takes.
    public static func run(_ fuzzOne: ([UInt8]) -> Void, _ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        fuzzOne(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
        return 0
    }

    /// Seconds one input may take when replayed; a hang then kills the process (SIGALRM)
    /// instead of stalling the test suite.
    public static let replayTimeLimit: UInt32 = 10

    /// The replayer's `main`: exits 0 when every input ran, 1 when one could not be read.
    /// A crash or hang in `fuzzOne` ends the process with that signal instead.
    public static func replayMain(_ fuzzOne: ([UInt8]) -> Void) -> Never {
        exit(replay(Array(CommandLine.arguments.dropFirst()), fuzzOne))
    }

    /// Runs `fuzzOne` on every FILE, or on every file directly inside a folder argument.
    static func replay(_ arguments: [String], _ fuzzOne: ([UInt8]) -> Void) -> Int32 {
        guard !arguments.isEmpty else {
            printError("usage: \(CommandLine.arguments.first ?? "fuzz-target") FILE|FOLDER…")
            return 2
        }
        var count = 0
        for path in arguments {
            guard let files = inputs(at: path) else {
                printError("\(path): cannot list or read")
                return 1
            }
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else {
                    printError("\(file): cannot read")
                    return 1
                }
                alarm(replayTimeLimit)
                fuzzOne([UInt8](data))
                alarm(0)
                count += 1
            }
        }
        print("replayed \(count) inputs")
        return 0
    }

    /// A folder's files, sorted so a failure names the same input every run.
    private static func inputs(at path: String) -> [String]? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return nil }
        guard isFolder.boolValue else { return [path] }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return nil }
        return names.filter { !$0.hasPrefix(".") }.sorted().map { path + "/" + $0 }
    }

    private static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}

/// One input at a time in an unlinked temporary file, for parsers whose byte-level entry
/// point only takes a path. Reached through `/proc/self/fd/N`, so nothing is left behind
/// when libFuzzer exits or crashes.
public final class ScratchFile: Sendable {
    public let path: String
    private let fd: Int32

    public init() {
        var template = Array("/tmp/fuzz-input-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        precondition(fd >= 0, "cannot create a scratch file: \(String(cString: strerror(errno)))")
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        self.fd = fd
        path = "/proc/self/fd/\(fd)"
    }

    /// Replaces the file's contents with `bytes`.
    public func write(_ bytes: [UInt8]) {
        precondition(ftruncate(fd, 0) == 0, "ftruncate failed")
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(offset)) }
            if written < 0 && errno == EINTR { continue }
            precondition(written > 0, "cannot write the scratch file")
            offset += written
        }
    }
}

/// A private folder for files that need real names: a zip written by a library, a SQLite
/// store (renamed into place, with its journal beside it). Named by process id, so a later
/// process removes the folders of processes that crashed or exited without cleaning up.
public final class ScratchFolder: Sendable {
    public let path: String

    /// `name`: the target's, so each target sweeps only its own folders.
    public init(_ name: String) {
        let base = "/tmp/fuzz-\(name)-"
        Self.sweep(prefix: base)
        path = base + String(getpid())
        try? FileManager.default.removeItem(atPath: path)
        precondition(mkdir(path, 0o700) == 0, "cannot create \(path): \(String(cString: strerror(errno)))")
    }

    /// The path of `name` inside the folder.
    public func file(_ name: String) -> String { path + "/" + name }

    /// Empties the folder (what an input left behind), keeping the folder itself.
    public func clear() {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
            try? FileManager.default.removeItem(atPath: file(name))
        }
    }

    /// Removes folders whose process is gone (kill(pid, 0) fails with ESRCH).
    private static func sweep(prefix: String) {
        let folder = (prefix as NSString).deletingLastPathComponent, stem = (prefix as NSString).lastPathComponent
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(stem) {
            guard let pid = Int32(name.dropFirst(stem.count)), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(atPath: folder + "/" + name)
        }
    }
}
