#if canImport(Glibc)
import Glibc
#endif
import Testing
import Framebuffer
import DisplayBackends

@Suite("Backends")
struct BackendTests {
    static let esc = "\u{1B}"

    static func twoByThree() -> Framebuffer {
        var frame = Framebuffer(width: 2, height: 3, format: .rgb888)
        frame[0, 0] = PixelValue(0xFF0000)
        frame[1, 0] = PixelValue(0xFF0000)
        frame[0, 1] = PixelValue(0x0000FF)
        frame[1, 1] = PixelValue(0x00FF00)
        frame[0, 2] = PixelValue(0xFFFFFF)
        frame[1, 2] = PixelValue(0xFFFFFF)
        return frame
    }

    @Test func terminalRenderExact() {
        let e = Self.esc
        let expected =
            "\(e)[H"
            + "\(e)[38;2;255;0;0m\(e)[48;2;0;0;255m▀\(e)[48;2;0;255;0m▀\(e)[0m\n"
            + "\(e)[38;2;255;255;255m\(e)[48;2;0;0;0m▀▀\(e)[0m"
        #expect(TerminalBackend.render(Self.twoByThree()) == expected)
    }

    @Test func terminalSinkSkipsUnchangedFrames() throws {
        var received: [String] = []
        let backend = TerminalBackend { received.append($0) }
        let frame = Self.twoByThree()
        try backend.present(frame, damage: Damage.rects(from: nil, to: frame))
        try backend.present(frame, damage: Damage.rects(from: frame, to: frame))
        #expect(received == [TerminalBackend.render(frame)])
        backend.shutdown()
        #expect(received.last == "\(Self.esc)[0m\n")
    }

    @Test func terminalWritesToFileDescriptor() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        let backend = TerminalBackend(fileDescriptor: fds[1])
        let frame = Self.twoByThree()
        try backend.present(frame, damage: [frame.bounds])
        close(fds[1])
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while case let n = read(fds[0], &chunk, chunk.count), n > 0 { bytes += chunk[0..<n] }
        #expect(String(decoding: bytes, as: UTF8.self) == TerminalBackend.render(frame))
    }

    @Test(arguments: ImageFormat.allCases)
    func imageFileBackendWritesAtomically(format: ImageFormat) throws {
        let dir = try TempDir()
        let path = dir.path + "/board." + format.rawValue
        let backend = try ImageFileBackend(path: path)
        #expect(backend.format == format && backend.name.hasSuffix(path))
        let frame = sampleFrame(.gray4)
        try backend.present(frame, damage: [frame.bounds])
        #expect(try readFile(path) == ImageEncoder.encode(frame, as: format))
        #expect(dir.entries() == ["board." + format.rawValue], "no temp file left behind")
    }

    /// A writer killed between creating its temp file and the rename leaves `.board.png.<pid>.tmp`;
    /// the first frame of the next run removes it, never a live writer's or another target's.
    @Test func firstWriteRemovesTempFilesOfDeadWriters() throws {
        let dir = try TempDir()
        let path = dir.path + "/board.png"
        // PID_MAX_LIMIT (2^22): no process ever has this id, so kill(pid, 0) says ESRCH.
        let dead = 4_194_304, live = getppid()
        let names = [".board.png.\(dead).tmp", ".board.png.\(live).tmp", ".other.png.\(dead).tmp", ".board.png.x\(dead).tmp"]
        for name in names {
            let fd = open(dir.path + "/" + name, O_WRONLY | O_CREAT, 0o644)
            #expect(fd >= 0)
            close(fd)
        }
        let backend = try ImageFileBackend(path: path)
        let frame = sampleFrame(.mono)
        try backend.present(frame, damage: [frame.bounds])
        #expect(dir.entries() == [".board.png.\(live).tmp", ".board.png.x\(dead).tmp", ".other.png.\(dead).tmp", "board.png"])
        #expect(try readFile(path) == ImageEncoder.encode(frame, as: .png))
    }

    @Test func missingFolderErrorNamesThePath() throws {
        let dir = try TempDir()
        let path = dir.path + "/no/such/folder/board.png"
        let backend = try ImageFileBackend(path: path)
        let frame = sampleFrame(.mono)
        let error = #expect(throws: DisplayError.self) { try backend.present(frame, damage: [frame.bounds]) }
        #expect(error?.message.contains(path) == true)
        #expect(error?.message.contains("No such file or directory") == true)
    }

    @Test func unknownExtensionIsRejected() {
        #expect(throws: DisplayError.self) { try ImageFileBackend(path: "/tmp/board.jpg") }
    }
}

/// A scratch folder removed (with its files) when the test ends.
final class TempDir {
    let path: String

    init() throws {
        var template = Array("/tmp/fbtest.XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw DisplayError("mkdtemp failed") }
        path = String(cString: made)
    }

    func entries() -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    deinit {
        for name in entries() { unlink(path + "/" + name) }
        rmdir(path)
    }
}

func readFile(_ path: String) throws -> [UInt8] {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { throw DisplayError("cannot open \(path)") }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while case let n = read(fd, &chunk, chunk.count), n > 0 { bytes += chunk[0..<n] }
    return bytes
}
