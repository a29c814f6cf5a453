import HTTPFetch
import Locking
public import Logging

/// The last 2xx answer of each URL a source asks, with its validators: what makes the next
/// GET conditional, and what a `304 Not Modified` stands for. One per source, so it holds a
/// URL or two; keyed by the URL without secrets, and only that URL is ever logged.
public final class AnswerMemory: Sendable {
    private struct Kept {
        var validators: HTTPValidators
        var response: HTTPResponse
    }

    private let kept = Locked([String: Kept]())
    private let logger: Logger

    /// `logger` hears of each 304, at debug level: an unchanged answer is routine.
    public init(logger: Logger = AnswerMemory.quietLogger) {
        self.logger = logger
    }

    public static let quietLogger = Logger(label: "departure-board.http", factory: { _ in SwiftLogNoOpLogHandler() })

    /// What the next request to `source` sends back; nil when nothing is kept.
    func validators(for source: String) -> HTTPValidators? {
        kept.withLock { $0[source]?.validators }
    }

    /// Keeps a 2xx answer that has validators and may be stored; any other 2xx replaces
    /// nothing with something, so the kept one goes. Other statuses leave the memory alone:
    /// a passing 503 must not cost the next 304.
    func remember(_ response: HTTPResponse, for source: String) {
        guard response.isSuccess else { return }
        let validators = HTTPValidators(of: response)
        kept.withLock { kept in
            if validators.isEmpty || response.forbidsStoring {
                kept[source] = nil
            } else {
                kept[source] = Kept(validators: validators, response: response)
            }
        }
    }

    /// The kept answer a 304 confirms, its validators updated by the 304's; nil when none is kept.
    func revalidated(_ source: String, by notModified: HTTPResponse) -> HTTPResponse? {
        let answer: HTTPResponse? = kept.withLock { kept in
            guard var entry = kept[source] else { return nil }
            entry.validators = entry.validators.updated(by: notModified)
            kept[source] = notModified.forbidsStoring ? nil : entry
            return entry.response
        }
        if answer != nil {
            logger.debug("not modified (304): the last answer stands", metadata: ["url": "\(source)"])
        }
        return answer
    }
}
