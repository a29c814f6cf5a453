import TestTiming
import DeparturesCore
import Foundation
import ZoneInfo

/// Shared test helpers: zones from the system tzdata and instants from ISO 8601 text.
enum Fixtures {
    static let sydney = zone("Australia/Sydney")
    static let newYork = zone("America/New_York")
    static let london = zone("Europe/London")

    static func zone(_ identifier: String) -> TimeZoneRules {
        do {
            return try TimeZoneRules.load(identifier)
        } catch {
            fatalError("test zone \(identifier) missing from the system tzdata: \(error)")
        }
    }

    /// An instant from `2026-11-23T09:30:00+11:00` (an offset is required here).
    static func instant(_ text: String) -> Date {
        do {
            return try InstantParser.parse(text, zone: .utc)
        } catch {
            fatalError("bad test instant \(text)")
        }
    }

    static func departure(
        _ trip: String, route: String = "T1", headsign: String = "Emu Plains",
        at secs: Int, delay: Int = 0, realtime: Bool = true
    ) -> Departure {
        Departure(
            tripID: trip, routeShortName: route, headsign: headsign,
            scheduledTimeSecs: secs, realtimeTimeSecs: secs + delay, delaySeconds: delay,
            isRealtime: realtime)
    }

    /// Seconds from the start of a service day for `HH:mm`.
    static func secs(_ hours: Int, _ minutes: Int, _ seconds: Int = 0) -> Int {
        hours * 3_600 + minutes * 60 + seconds
    }
}

/// A repository whose answers the test scripts, counting calls and optionally holding each
/// fetch until released (to prove fetches never overlap).
final class ScriptedRepository: DeparturesRepository, @unchecked Sendable {
    private let lock = NSLock()
    private var script: [Result<[Departure], DeparturesError>]
    private var fallback: Result<[Departure], DeparturesError>
    private var _calls = 0
    private var _concurrent = 0
    private var _maxConcurrent = 0
    private var gate: CheckedContinuation<Void, Never>?
    private let holdsFetches: Bool

    init(
        _ script: [Result<[Departure], DeparturesError>] = [], then fallback: Result<[Departure], DeparturesError> = .success([]),
        holdsFetches: Bool = false
    ) {
        self.script = script
        self.fallback = fallback
        self.holdsFetches = holdsFetches
    }

    var calls: Int { lock.withLock { _calls } }
    var maxConcurrent: Int { lock.withLock { _maxConcurrent } }
    var isHolding: Bool { lock.withLock { gate != nil } }

    func setFallback(_ result: Result<[Departure], DeparturesError>) {
        lock.withLock { fallback = result }
    }

    /// Lets a held fetch finish.
    func release() {
        let continuation = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            defer { gate = nil }
            return gate
        }
        continuation?.resume()
    }

    func departures() async throws(DeparturesError) -> [Departure] {
        let result = lock.withLock { () -> Result<[Departure], DeparturesError> in
            _calls += 1
            _concurrent += 1
            _maxConcurrent = max(_maxConcurrent, _concurrent)
            return script.isEmpty ? fallback : script.removeFirst()
        }
        if holdsFetches {
            await withCheckedContinuation { continuation in
                lock.withLock { gate = continuation }
            }
        }
        lock.withLock { _concurrent -= 1 }
        return try result.get()
    }
}

/// Waits until `condition` holds, letting other tasks run in between, with no deadline of its
/// own (a 2-core machine or a sanitizer can hold the pool for minutes): the suites' time
/// limits catch a condition that never comes.
@MainActor
func eventually(_ condition: @MainActor () -> Bool) async -> Bool {
    await TestTiming.eventually(every: .milliseconds(2)) { condition() }
}
