/// The one exit-code table every command follows (Boards/docs/command-line.md): sysexits.h
/// values, which service managers understand, and 1 for a search that found nothing.
public enum ExitStatus: Int32, Sendable {
    /// The answer is no: a search found nothing (`gtfs stops`), as grep says it, or now is
    /// outside the board's update window (`update-window`).
    case nothingFound = 1
    case usage = 64
    case dataError = 65
    /// A file named on the command line does not exist or cannot be read.
    case noInput = 66
    /// Something the command needs is not there or did not answer: a source or feed URL (an
    /// HTTP error, a name that does not resolve, a timeout), the server program `serve` runs,
    /// a sound card.
    case unavailable = 69
    case ioError = 74
    case configError = 78
}

extension AssemblyError.Kind {
    /// The exit code of a failure of this kind, for both programs.
    public var exitStatus: ExitStatus {
        switch self {
        case .usage: .usage
        case .boardFile: .configError
        case .data: .dataError
        case .noInput: .noInput
        case .unavailable: .unavailable
        case .io: .ioError
        }
    }
}
