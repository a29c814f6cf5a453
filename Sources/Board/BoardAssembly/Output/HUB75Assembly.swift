public import SourceAssembly
public import BoardConfig
public import DisplayBackends
public import Logging
import PanelCatalog
public import StatusLink
#if canImport(Glibc)
import Glibc
#endif

/// A HUB75 board's backend: its options as the driver's CONFIGURE text, and the driver reached
/// the way the board says (a socket its own service listens on, or a program the sign starts).
public enum HUB75Assembly {
    public static let driverName = "departure-board-hub75"
    /// Where deploy/hub75's socket unit listens (the driver as its own root service).
    public static let installedSocket = "/run/departure-board-hub75.sock"

    /// The backend for a HUB75 board on `launcher`, logging the driver's life on `logger`.
    public static func backend(for board: BoardFile, launcher: any HUB75Launcher, logger: Logger?) throws(AssemblyError) -> HUB75Backend {
        guard let output = board.output, let options = output.hub75 else {
            throw AssemblyError(.boardFile, "\(board.path): output: not a HUB75 board")
        }
        let width = board.display.width, height = board.display.height
        let settings = HUB75Backend.Settings(width: width, height: height) { brightness in
            options.configurationText(width: width, height: height, brightnessPercent: brightness)
        }
        return HUB75Backend(launcher: launcher, settings: settings, contrast: UInt8(clamping: output.contrast)) { event in
            guard let logger else { return }
            switch event {
            case .info(let text): logger.info("\(text)")
            case .notice(let text): logger.notice("\(text)")
            case .error(let text): logger.error("\(text)")
            }
        }
    }

    /// How the board reaches its driver. When the board names neither a socket nor a program,
    /// the installed driver service's socket is used if it is there (a Pi set up with
    /// install-hub75.sh), else the program is looked for beside this one and in
    /// ../libexec/departure-board/, as the status server is, and started as a child.
    public static func launcher(
        for board: BoardFile, installedSocket: String = installedSocket,
        find: (String) -> String? = { HelperExecutable.find($0) }
    ) throws(AssemblyError) -> any HUB75Launcher {
        switch board.output?.hub75Driver ?? .spawn(program: nil) {
        case .socket(let path):
            return HUB75SocketLauncher(path: path)
        case .spawn(let program?):
            return HUB75SpawnLauncher(program: program)
        case .spawn(nil):
            var info = stat()
            if stat(installedSocket, &info) == 0, info.st_mode & S_IFMT == S_IFSOCK {
                return HUB75SocketLauncher(path: installedSocket)
            }
            guard let found = find(driverName) else {
                let places = HelperExecutable.candidates(driverName).joined(separator: " or ")
                throw AssemblyError(
                    .io,
                    "\(board.path): output.driver: hub75 needs the \(driverName) program, not found at \(places.isEmpty ? "its usual places" : places); install it (deploy/hub75/install-hub75.sh), or name it with output.driver_program or a running driver's output.driver_socket"
                )
            }
            return HUB75SpawnLauncher(program: found)
        }
    }

    /// What `validate` says of a HUB75 board's driver: a named program that is not there is an
    /// error (the board names it); a socket not there yet, or no driver found, is a warning,
    /// since boards are often checked on another machine than the sign.
    public static func preflight(
        _ board: BoardFile, installedSocket: String = installedSocket,
        find: (String) -> String? = { HelperExecutable.find($0) }
    ) -> SourcePreflight.Findings {
        var findings = SourcePreflight.Findings()
        guard let output = board.output, output.driver == .hub75 else { return findings }
        switch output.hub75Driver {
        case .spawn(let program?):
            if access(program, X_OK) != 0 {
                findings.errors.append("\(board.path): output.driver_program: \(program) is not an executable program here")
            }
        case .socket(let path):
            if access(path, F_OK) != 0 {
                findings.warnings.append(
                    "\(board.path): output.driver_socket: \(path) does not exist here yet (the driver's socket unit makes it: deploy/hub75/install-hub75.sh)"
                )
            }
        case .spawn(nil):
            // As `run` would look for it.
            if (try? launcher(for: board, installedSocket: installedSocket, find: find)) == nil {
                findings.warnings.append(
                    "\(board.path): output.driver: hub75 needs \(driverName), not installed here (no \(installedSocket), no program beside this one): deploy/hub75/install-hub75.sh on the Pi"
                )
            }
        }
        return findings
    }
}
