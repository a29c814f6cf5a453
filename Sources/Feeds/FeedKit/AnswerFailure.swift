public import DeparturesCore
public import HTTPFetch

/// What reading an answer found wrong, as every kind tells it to `HTTPResponse.read`.
public enum AnswerProblem: Error, Equatable {
    /// The server's own words about the request (an error document), as the kind words them
    /// (`OneBusAway error 401: …`); the source's URL goes before them.
    case server(String)
    /// Data that breaks the kind's contract.
    case data(DeparturesDataError)
}

extension HTTPResponse {
    /// A status other than 2xx, as every source says it; `source` is its URL without a key. An
    /// API's or gateway's own words in a JSON body follow (`HTTP 401 from …: Invalid API key`).
    public func statusFailure(from source: String) -> DeparturesError {
        .failed(detail: "HTTP \(status) from \(source)\(throughProxy)" + (statedError.map { ": " + $0 } ?? ""))
    }

    /// The message of a JSON error answer, in the shapes APIs and gateways use: GraphQL's
    /// `errors[].message`, `{"error": {"message"}}`, `{"error": "…"}`, `{"message": "…"}`,
    /// `{"Message": "…"}`; one line of at most 200 characters.
    public var statedError: String? {
        guard body.count <= 64 * 1024, AnswerStart.firstByte(of: body) == UInt8(ascii: "{"),
            let root = try? JSONValue.parse(body)
        else { return nil }
        return Self.statedError(in: root)
    }

    public static func statedError(in root: JSONValue, graphQLOnly: Bool = false) -> String? {
        var candidates = [root["errors"].flatMap { if case .array(let items) = $0 { items.first?["message"] } else { nil } }]
        if !graphQLOnly { candidates += [root["error"]?["message"], root["error"], root["message"], root["Message"]] }
        for case .string(let text)? in candidates {
            let line = String(text.filter { !$0.isNewline }.drop { $0 == " " })
            guard !line.isEmpty else { continue }
            return line.count > 200 ? String(line.prefix(200)) + "…" : line
        }
        return nil
    }

    public var isSuccess: Bool { (200..<300).contains(status) }

    /// The one order every kind says a failed answer in: the server's own words first (an
    /// error document may come with any status), a data error only on a 2xx, else the status.
    public func failure(_ problem: AnswerProblem?, source: String) -> DeparturesError {
        switch problem {
        case .server(let words): .failed(detail: "\(source): \(words)")
        case .data(let error) where isSuccess: .invalidData(source: source, error)
        case .data, nil: statusFailure(from: source)
        }
    }

    /// The answer as `read` makes it of this response, any failure said in `failure`'s order:
    /// an answer that reads well still fails on a status other than 2xx.
    public func read<Answer>(from source: String, _ read: () throws(AnswerProblem) -> Answer) throws(DeparturesError) -> Answer {
        let answer: Answer
        do {
            answer = try read()
        } catch {
            throw failure(error, source: source)
        }
        guard isSuccess else { throw failure(nil, source: source) }
        return answer
    }
}
