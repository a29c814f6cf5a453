import ArgumentParser
import BoardAssembly

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
                // Checking loads the zone and the display's fonts, so a missing or broken font shows before the board runs.
                let checked = try CheckedBoard(path: file)
                let store = GTFSStoreStatus.check(checked.board)
                if let problem = store.problem {
                    Console.error(problem)
                    failures += 1
                    continue
                }
                store.warnings.forEach(Console.warning)
                Console.info("\(file): ok" + store.note)
            } catch {
                Console.error(error.description)
                failures += 1
            }
        }
        if failures > 0 { throw ExitCode(ExitStatus.configError.rawValue) }
    }
}
