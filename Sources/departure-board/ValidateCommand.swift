import ArgumentParser

/// `validate FILE…`: checks board files without running them.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check board files; print each problem with its file, line and key."
    )

    @Argument(help: ArgumentHelp("Board files to check.", valueName: "FILE"))
    var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("Name at least one board file.") }
    }

    func run() throws {
        var failures = 0
        for file in files {
            do {
                let board = try BoardAssembly.loadBoard(path: file)
                let assembly = try BoardAssembly(board: board, override: .none)
                // Loading the display's fonts catches a missing or broken font before the board runs.
                _ = try DisplayAssembly(board: board, zone: assembly.zone)
                Console.info("\(file): ok" + GTFSStoreStatus.note(for: board))
            } catch {
                Console.error(error.description)
                failures += 1
            }
        }
        if failures > 0 { throw ExitCode(ExitStatus.configError.rawValue) }
    }
}
