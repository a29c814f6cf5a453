/// Why a board could not be assembled. The kind says whose mistake it is, which a command
/// turns into its exit code; the message names the file and what is wrong in it.
public struct AssemblyError: Error, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The caller asked for something this board cannot do (a trace of a framebuffer).
        case usage
        /// The board file, or a file it names (font, store), is wrong.
        case boardFile
        /// Departures data the user supplied breaks the contract.
        case data
        /// A file named on the command line (a feed's zip) does not exist or cannot be read.
        case noInput
        /// A source the command needs did not answer with what was asked (an HTTP error, a
        /// name that does not resolve, a timeout).
        case unavailable
        /// A device or file could not be opened, read or written.
        case io
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }

    /// A feed the user named was refused. Import errors name the member and line, never the
    /// zip, so the feed (without a URL's query, where keys may be) leads the message once.
    static func refusedFeed(_ feed: String, _ error: some Error) -> AssemblyError {
        let shown = feed.split(separator: "?", maxSplits: 1).first.map(String.init) ?? feed
        return AssemblyError(.data, "\(shown): \(error)")
    }
}
