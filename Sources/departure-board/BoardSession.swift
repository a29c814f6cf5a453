import BoardConfig
import BoardRender
import BoardRuntime
import DeparturesCore
import DisplayBackends
import Glibc
import Logging
import SystemFiles

/// One board running: its board file turned into a coordinator and a backend. A reload
/// builds a new session first and swaps only when that succeeds.
@MainActor
final class BoardSession {
    /// Where `run` sends frames when the command line says so.
    enum OutputOverride {
        case none
        case trace(String)
        case file(String)
        case terminal
    }

    /// A board file read and checked — zone loaded, fonts found and parsed — but no device
    /// opened (the running board may hold them). A session is built from one, so a reload
    /// reads the file and its fonts once.
    struct Checked {
        let board: BoardFile
        let assembly: BoardAssembly
        let layout: LayoutOptions
    }

    let checked: Checked
    let coordinator: BoardCoordinator

    var board: BoardFile { checked.board }

    static func check(_ path: String?) throws(CLIFailure) -> Checked {
        let board = try BoardAssembly.loadBoard(path: path)
        let assembly = try BoardAssembly(board: board, override: .none)
        return Checked(board: board, assembly: assembly, layout: try DisplayAssembly(board: board, zone: assembly.zone).options)
    }

    init(_ checked: Checked, override: OutputOverride, clock: any BoardClock, logger: Logger) throws(CLIFailure) {
        self.checked = checked
        let board = checked.board
        let backend = try Self.backend(for: board, override: override)
        coordinator = BoardCoordinator(
            viewModel: checked.assembly.viewModel(clock: clock), renderer: BoardRenderer(options: checked.layout),
            backend: backend, clock: clock, grace: board.departures.departedGrace,
            schedule: Self.schedule(board.schedule), logger: logger)
    }

    /// The board file's schedule (already validated) as the runtime's types; nil when empty.
    static func schedule(_ settings: ScheduleSettings) -> BoardSchedule? {
        let operating = settings.operatingHours.compactMap { DailyWindow(parsing: $0) }
        let off = settings.screenOff.compactMap { DailyWindow(parsing: $0) }
        let steps = settings.contrast.compactMap { step in
            LocalTime(parsing: step.time).map { ($0, UInt8(clamping: step.value)) }
        }
        guard !operating.isEmpty || !off.isEmpty || !steps.isEmpty else { return nil }
        return BoardSchedule(operatingHours: operating, screenOff: off,
                             contrast: steps.isEmpty ? nil : ContrastSchedule(steps: steps))
    }

    /// The board's GPIO buttons, watching from now on; nil without a `buttons:` section.
    static func buttons(_ settings: ButtonSettings?, board: String) throws(CLIFailure) -> GPIOButtons? {
        guard let settings else { return nil }
        var specs: [ButtonSpec] = []
        if let line = settings.refresh {
            specs.append(ButtonSpec(action: .refresh, chip: settings.chip, offset: UInt32(line),
                                    activeLow: settings.activeLow, debounce: settings.debounce))
        }
        if let line = settings.nextPage {
            specs.append(ButtonSpec(action: .nextPage, chip: settings.chip, offset: UInt32(line),
                                    activeLow: settings.activeLow, debounce: settings.debounce))
        }
        do {
            return try GPIOButtons(specs)
        } catch {
            throw CLIFailure(.ioError, "\(board): buttons: \(error)")
        }
    }

    static func backend(for board: BoardFile, override: OutputOverride) throws(CLIFailure) -> any DisplayBackend {
        switch override {
        case .trace(let path):
            let file = try AppendingFile(path: path)
            let driver = try PanelAssembly.driver(for: board, io: TraceIO { file.write($0) })
            return PanelBackend(driver: driver, name: "trace:\(path)")
        case .file(let path):
            do {
                return try ImageFileBackend(path: path)
            } catch {
                throw CLIFailure(.usage, error.description)
            }
        case .terminal:
            return TerminalBackend()
        case .none:
            break
        }
        guard let output = board.output else {
            guard isatty(STDOUT_FILENO) == 1 else {
                throw CLIFailure(.usage, "\(board.path): no output section: give --output PATH (an image file, or - for this terminal) or --trace FILE")
            }
            return TerminalBackend()
        }
        if output.driver == .fbdev {
            do {
                return FramebufferBackend(device: try LinuxFramebuffer(path: output.device))
            } catch {
                throw CLIFailure(.ioError, "\(board.path): \(error)")
            }
        }
        let io = try PanelAssembly.hardwareIO(for: board)
        return PanelBackend(driver: try PanelAssembly.driver(for: board, io: io), name: output.driver.rawValue,
                            contrast: UInt8(clamping: output.contrast))
    }
}

/// A file written line by line as things happen (the trace of a running board), so a
/// reader can follow it and nothing is lost when the process is stopped.
final class AppendingFile: @unchecked Sendable {
    private let fd: Int32

    init(path: String) throws(CLIFailure) {
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw CLIFailure(.ioError, "\(path): cannot write: \(String(cString: strerror(errno)))")
        }
    }

    deinit { close(fd) }

    func write(_ text: String) {
        FileDescriptorWriter.writeAll(fd, Array(text.utf8))
    }
}
