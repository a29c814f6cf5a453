import Foundation
import Testing

/// A board that downloads its own timetable (`schedule_url`) needs a store it can write, and
/// `validate` says so before the service fails every download (issue 35, item 1).
struct StoreFolderTests {
    static func board(store: String?) -> String {
        """
        timezone: Australia/Sydney
        source:
          kind: gtfs
          stop_ids: ["S1"]
          schedule_url: http://127.0.0.1:9/feed.zip
        \(store.map { "  store: \($0)\n" } ?? "")
        """
    }

    /// The service writes only its state folder (ProtectSystem=strict) and cannot see /home
    /// (ProtectHome=yes): `--service` judges a store by those rules, whoever runs it.
    @Test func theServiceWritesOnlyItsStateFolder() async throws {
        let scratch = try ScratchDirectory()
        let beside = try scratch.write("beside.yaml", Self.board(store: nil))
        let home = try scratch.write("home.yaml", Self.board(store: "/home/pi/board.gtfs.sqlite"))
        let state = try scratch.write("state.yaml", Self.board(store: "/var/lib/departure-board/state.gtfs.sqlite"))

        let plain = try await CLI.run(["validate", beside], in: scratch.url)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout.contains("\(beside): ok (no timetable yet: the board downloads it"), "\(plain.stdout)")

        let service = try await CLI.run(["validate", "--service", beside, home, state], in: scratch.url)
        #expect(service.status == 78)
        #expect(
            service.stderr.contains(
                "\(beside): source.store: the service cannot write \(scratch.path("beside.gtfs.sqlite")): "
                    + "it writes only in /var/lib/departure-board (ProtectSystem=strict)"), "\(service.stderr)")
        #expect(service.stderr.contains("set source.store: /var/lib/departure-board/beside.gtfs.sqlite"), "\(service.stderr)")
        #expect(
            service.stderr.contains("\(home): source.store: the service cannot see /home/pi/board.gtfs.sqlite (ProtectHome= hides /home)"),
            "\(service.stderr)")
        #expect(!service.stderr.contains("\(state): source.store: the service"), "\(service.stderr)")
    }

    /// A folder the user running `validate` cannot write: as root (CI), the check runs as
    /// `nobody`, since root writes everywhere; otherwise the folder is made read-only.
    @Test func aStoreFolderThisUserCannotWriteIsAnError() async throws {
        let scratch = try ScratchDirectory()
        let folder = scratch.path("sign")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let board = folder + "/board.yaml"
        try Self.board(store: nil).write(toFile: board, atomically: false, encoding: .utf8)
        let asRoot = geteuid() == 0
        // Readable by anyone (the scratch folder is made with the process's umask), written by no one.
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: scratch.url.path)
        try FileManager.default.setAttributes([.posixPermissions: asRoot ? 0o755 : 0o555], ofItemAtPath: folder)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder) }

        let arguments = ["validate", board]
        let run =
            asRoot
            ? try await CLI.run(
                ["--reuid=nobody", "--regid=nogroup", "--clear-groups", CLI.binary.path] + arguments,
                executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
            : try await CLI.run(arguments)
        #expect(run.status == 78, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("\(board): source.store: \(folder) is not writable by user "), "\(run.stderr)")
        #expect(!asRoot || run.stderr.contains("by user nobody,"), "\(run.stderr)")
        #expect(run.stderr.contains("cannot download its timetable to \(folder)/board.gtfs.sqlite"), "\(run.stderr)")
    }
}
