/// A response that breaks the API contract, with the path of the first problem
/// (`data[0].trip_id: missing`), so whoever produced the data can find it.
public struct DeparturesDataError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var problem: String

    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    public var description: String {
        path.isEmpty ? problem : "\(path): \(problem)"
    }
}

/// Decodes and checks a departures response. The whole response is rejected on the first
/// problem: a half-trusted timetable is worse than a clear error.
public enum DeparturesDecoder {
    /// Service-day seconds outside this range cannot come from a sane feed (GTFS allows
    /// times past 24:00 for trips that started the day before, not days ahead).
    public static let serviceSecondsRange = 0..<(2 * 86_400)

    /// The contract nests three levels (`{"data": [{…}]}`); anything far deeper is refused
    /// before Foundation sees it, whose JSON scanner traps instead of throwing when an input
    /// opens more than 512 arrays (swift-foundation in Swift 6.3; found by fuzz-departures).
    public static let maxNesting = 64

    public static func decode(_ bytes: [UInt8]) throws(DeparturesDataError) -> DeparturesResponse {
        let response = try decodeJSON(DeparturesResponse.self, from: bytes, what: "departures JSON")
        try validate(response)
        return response
    }

    /// Any source's JSON answer as `type`: refused unread when nested deeper than
    /// `maxNesting` (said as "not valid `what`"), else decoded, a problem named by its path.
    public static func decodeJSON<T: Decodable>(_ type: T.Type, from bytes: [UInt8], what: String) throws(DeparturesDataError) -> T {
        guard nestingDepth(of: bytes, limit: maxNesting) <= maxNesting else {
            throw DeparturesDataError(path: "", problem: "not valid \(what) (nested more than \(maxNesting) levels deep)")
        }
        do {
            return try JSONDecoder().decode(type, from: Data(bytes))
        } catch let error as DecodingError {
            throw dataError(from: error)
        } catch {
            throw DeparturesDataError(path: "", problem: "not valid JSON")
        }
    }

    /// The deepest nesting of arrays and objects, outside strings; stops counting past `limit`.
    static func nestingDepth(of bytes: [UInt8], limit: Int) -> Int {
        var depth = 0, deepest = 0, inString = false, escaped = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
                if deepest > limit { return deepest }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }

    static func validate(_ response: DeparturesResponse) throws(DeparturesDataError) {
        for (index, departure) in response.data.enumerated() {
            let path = "data[\(index)]"
            if departure.tripID.isEmpty {
                throw DeparturesDataError(path: path + ".trip_id", problem: "empty")
            }
            if departure.routeShortName.isEmpty {
                throw DeparturesDataError(path: path + ".route_short_name", problem: "empty")
            }
            for (key, value) in [
                ("scheduled_time_secs", departure.scheduledTimeSecs),
                ("realtime_time_secs", departure.realtimeTimeSecs),
            ]
            where !serviceSecondsRange.contains(value) {
                throw DeparturesDataError(
                    path: path + "." + key,
                    problem: "\(value) is outside 0..<172800 (seconds from the start of a service day)")
            }
            for (key, value) in [("route_color", departure.routeColor), ("route_text_color", departure.routeTextColor)] {
                if let value, !Departure.isColor(value) {
                    throw DeparturesDataError(path: path + "." + key, problem: "'\(value.prefix(20))' is not six hex digits such as F99D1C")
                }
            }
            // magnitude, not abs: abs(Int.min) traps, and JSON can carry Int.min.
            if departure.delaySeconds.magnitude >= 86_400 {
                throw DeparturesDataError(path: path + ".delay_s", problem: "\(departure.delaySeconds) is a day or more")
            }
        }
    }

    static func dataError(from error: DecodingError) -> DeparturesDataError {
        switch error {
        case .keyNotFound(let key, let context):
            return DeparturesDataError(path: render(context.codingPath + [key]), problem: "missing")
        case .typeMismatch(let type, let context):
            let found = context.debugDescription.hasSuffix("found null instead.") ? "null, " : ""
            return DeparturesDataError(path: render(context.codingPath), problem: found + "expected \(describe(type))")
        case .valueNotFound(let type, let context):
            return DeparturesDataError(path: render(context.codingPath), problem: "null, expected \(describe(type))")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return DeparturesDataError(path: "", problem: "not valid JSON")
            }
            return DeparturesDataError(path: render(context.codingPath), problem: context.debugDescription)
        @unknown default:
            return DeparturesDataError(path: "", problem: "unreadable departures data")
        }
    }

    /// `[data, 0, trip_id]` → `data[0].trip_id`.
    static func render(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Int.Type: return "a whole number"
        case is Bool.Type: return "true or false"
        case is [Departure].Type, is [Any].Type: return "an array"
        case is [String: Any].Type: return "an object"
        default: return "\(type)"
        }
    }
}
