import DeparturesCore
import HTTPFetch
import Locking
import Logging
import APISource

/// A SituationExchange endpoint beside StopMonitoring: fetched with each refresh, its last
/// good situations kept through failures, which are logged when their cause changes (and the
/// recovery too) and shown on the status page, never in place of the rows.
final class SIRISituationFeed: Sendable {
    private struct State {
        var situations: [SIRISituation] = []
        var error: String?
        /// Situations that could not be read, reported once per change.
        var problems: [String] = []
    }

    let url: String
    private let client: any HTTPFetching
    private let logger: Logger
    private let state = Locked(State())
    private let memory: AnswerMemory

    init(url: String, client: any HTTPFetching, logger: Logger) {
        self.url = url
        self.client = client
        self.logger = logger
        memory = AnswerMemory(logger: logger)
    }

    var situations: [SIRISituation] { state.withLock { $0.situations } }

    /// The status page's realtime line: why the feed fails, or what it holds.
    var health: SourceHealth {
        state.withLock { state in
            SourceHealth(realtimeSummary: "situations: \(state.situations.count) in the last answer",
                         realtimeError: (state.error ?? state.problems.first).map { "situations: " + $0 })
        }
    }

    func refresh(_ settings: SIRIRepository.Settings) async {
        do throws(DeparturesError) {
            let situations = try await fetch(settings)
            let ended: String? = state.withLock { state in
                defer { state.error = nil }
                state.situations = situations
                return state.error
            }
            if let ended { logger.notice("situations feed recovered (it had failed: \(ended))", metadata: ["url": "\(url)"]) }
        } catch {
            let changed = state.withLock { state in
                defer { state.error = error.detail }
                return state.error != error.detail
            }
            if changed {
                logger.warning("situations feed: \(error.detail); the last good situations stay", metadata: ["url": "\(url)"])
            }
        }
    }

    /// Situations left out because a part could not be read.
    func noteProblems(_ problems: [String], source: String) {
        let changed = state.withLock { state in
            defer { state.problems = problems }
            return state.problems != problems
        }
        if changed, !problems.isEmpty {
            logger.warning("situations left out: \(problems.joined(separator: "; "))", metadata: ["url": "\(source)"])
        }
    }

    func fetch(_ settings: SIRIRepository.Settings) async throws(DeparturesError) -> [SIRISituation] {
        var requestURL = url
        var headers = [HTTPHeader(name: "Accept", value: "application/xml, text/xml, application/json")]
        try settings.apiKey?.add(to: &requestURL, headers: &headers, queryName: settings.apiKeyQuery)
        let response = try await client.departuresResponse(HTTPRequest(url: requestURL, headers: headers, limits: settings.limits),
                                                           memory: memory, source: url)
        let situations: [SIRISituation]
        do {
            situations = try SIRISituationExchange.situations(response.body)
        } catch {
            throw SIRIRepository.failure(error, response, source: url)
        }
        guard response.isSuccess else { throw SIRIRepository.failure(nil, response, source: url) }
        return situations
    }
}
