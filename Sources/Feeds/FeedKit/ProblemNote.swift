import Locking
public import Logging

/// What a source leaves out of an answer it otherwise reads (rows, situations), said once per
/// change: a bad row repeated at every poll is logged when it first appears and again only
/// when the problems change, not each 30 s, and never in place of the rows. The one owner of
/// that rule for every kind that reads part of an answer.
public final class ProblemNote: Sendable {
    private let what: String
    private let logger: Logger
    /// The problems last said, as compared: a row's place in the answer moves as departures
    /// go, so `[3]` and `[2]` are the same cause.
    private let said = Locked<(shown: [String], compared: [String])>(([], []))

    /// `what` starts the line: `rows left out`, `situations left out`.
    public init(_ what: String, logger: Logger) {
        self.what = what
        self.logger = logger
    }

    /// The first problem of the last answer, for the status page; nil when it had none.
    public var first: String? { said.withLock { $0.shown.first } }

    public func note(_ problems: [String], source: String) {
        let compared = problems.map(Self.cause(of:))
        let changed = said.withLock { held in
            defer { held = (problems, compared) }
            return held.compared != compared
        }
        if changed, !problems.isEmpty {
            logger.warning("\(what): \(problems.joined(separator: "; "))", metadata: ["url": "\(source)"])
        }
    }

    /// A problem without the places and numbers in it: `arrivalsAndDepartures[3].x: got '25:61'`
    /// and `arrivalsAndDepartures[12].x: got '24:00'` are one cause.
    public static func cause(of problem: String) -> String {
        var out = ""
        var inBrackets = false
        var lastWasDigit = false
        for character in problem {
            if inBrackets {
                if character == "]" {
                    inBrackets = false
                    out.append(character)
                }
                continue
            }
            let isDigit = character.isASCII && character.isNumber
            if isDigit, !lastWasDigit { out.append("#") }
            lastWasDigit = isDigit
            if isDigit { continue }
            if character == "[" { inBrackets = true }
            out.append(character)
        }
        return out
    }
}
