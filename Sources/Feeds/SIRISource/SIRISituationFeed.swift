import DeparturesCore
import HTTPFetch
import Logging
import FeedKit

/// A SituationExchange endpoint beside StopMonitoring: fetched with each refresh, its last
/// good situations kept through failures, which are logged when their cause changes (and the
/// recovery too) and shown on the status page, never in place of the rows.
final class SIRISituationFeed: Sendable {
    let url: String
    private let client: SourceClient
    private let logger: Logger
    /// The last good situations and why the feed fails (fetched at every refresh: no backoff of its own).
    private let polled: Polled<[SIRISituation], DeparturesError>
    /// Situations that could not be read, reported once per change (the repository notes them).
    let leftOut: ProblemNote

    init(url: String, client: any HTTPFetching, clock: any BoardClock, logger: Logger) {
        self.url = url
        self.client = SourceClient(http: client, logger: logger)
        self.logger = logger
        leftOut = ProblemNote("situations left out", logger: logger)
        polled = Polled(policy: RefreshPolicy(), clock: clock)
    }

    var situations: [SIRISituation] { polled.value ?? [] }

    /// The status page's realtime line: why the feed fails, or what it holds.
    var health: SourceHealth {
        let error = polled.snapshot.lastError?.detail ?? leftOut.first
        return SourceHealth(
            realtimeSummary: "situations: \(situations.count) in the last answer",
            realtimeError: error.map { "situations: " + $0 })
    }

    func refresh(_ settings: SIRIRepository.Settings) async {
        let outcome = await polled.poll(whilePolling: .wait) { () throws(DeparturesError) in try await fetch(settings) }
        switch outcome {
        case .succeeded(let ended?):
            logger.notice("situations feed recovered (it had failed: \(ended.error.detail))", metadata: ["url": "\(url)"])
        case .failed(let error, _, newCause: true):
            logger.warning("situations feed: \(error.detail); the last good situations stay", metadata: ["url": "\(url)"])
        default:
            break
        }
    }

    func fetch(_ settings: SIRIRepository.Settings) async throws(DeparturesError) -> [SIRISituation] {
        let response = try await client.answer(
            from: url, accept: SIRIRepository.accept, key: settings.apiKey,
            keyQuery: settings.apiKeyQuery, limits: settings.limits)
        return try response.read(from: url) { () throws(AnswerProblem) in
            do throws(SIRIAnswer.Problem) {
                return try SIRISituationExchange.situations(response.body)
            } catch {
                throw error.answerProblem
            }
        }
    }
}
