import TestTiming
import DeparturesCore
import DeparturesHub
import Foundation
import Logging
import Locking
import Synchronization
import ZoneInfo

enum HubFixtures {
    static let now = Date(timeIntervalSince1970: 1_795_386_600)  // 2026-11-23T09:30:00+11:00
    static let zone = try! TimeZoneRules.load("Australia/Sydney")
    static let quietLogger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

    /// 09:35 and 09:41 in Sydney (service-day seconds), one late, one with a platform.
    static let departures = [
        Departure(
            tripID: "T1-57", routeShortName: "T1", headsign: "Emu Plains / Richmond", scheduledTimeSecs: 34_380,
            realtimeTimeSecs: 34_500, delaySeconds: 120, isRealtime: true),
        Departure(
            tripID: "T9-12", routeShortName: "T9", headsign: "Hornsby", scheduledTimeSecs: 34_860,
            realtimeTimeSecs: 34_860, delaySeconds: 0, isRealtime: false, platform: "18"),
    ]

    static func json(_ departures: [Departure]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try! encoder.encode(DeparturesResponse(data: departures)), as: UTF8.self)
    }

    static func feed(
        _ repository: any DeparturesRepository, clock: any BoardClock, id: String = "central",
        policy: RefreshPolicy = RefreshPolicy(interval: .seconds(30), maxBackoff: .seconds(300), staleLimit: .seconds(900)),
        maxAge: Duration = .seconds(15), selection: DepartureRules? = nil
    ) -> StopFeed {
        StopFeed(
            settings: .init(id: id, sourceKind: "api", policy: policy, maxAge: maxAge, selection: selection, zone: zone),
            repository: repository, clock: clock, logger: quietLogger)
    }
}

/// Answers from a script, one result per call (the last repeats); counts the calls.
final class ScriptedRepository: DeparturesRepository {
    private let script: Locked<[Result<[Departure], DeparturesError>]>
    private let count = Atomic<Int>(0)

    init(_ script: [Result<[Departure], DeparturesError>]) {
        self.script = Locked(script)
    }

    var calls: Int { count.load(ordering: .sequentiallyConsistent) }

    func departures() async throws(DeparturesError) -> [Departure] {
        count.add(1, ordering: .sequentiallyConsistent)
        let next = script.withLock { script in script.count > 1 ? script.removeFirst() : script[0] }
        return try next.get()
    }
}

/// Holds every fetch until `open()`, to catch two fetches in flight at once.
final class GatedRepository: DeparturesRepository {
    private let waiters = Locked<[CheckedContinuation<Void, Never>]>([])
    private let opened = Locked(false)
    private let count = Atomic<Int>(0)

    var calls: Int { count.load(ordering: .sequentiallyConsistent) }

    func departures() async throws(DeparturesError) -> [Departure] {
        count.add(1, ordering: .sequentiallyConsistent)
        await withCheckedContinuation { continuation in
            let proceed = opened.withLock { opened in
                if !opened { waiters.withLock { $0.append(continuation) } }
                return opened
            }
            if proceed { continuation.resume() }
        }
        return HubFixtures.departures
    }

    func open() {
        opened.withLock { $0 = true }
        for waiter in waiters.withLock({ waiters in
            defer { waiters = [] }; return waiters
        }) { waiter.resume() }
    }
}

/// Waits for conditions other tasks make true; the suites' time limits catch a hang.
func eventually(_ condition: () -> Bool) async -> Bool {
    await TestTiming.eventually(every: .milliseconds(10), condition)
}

/// A folder of its own under /tmp, removed at the end of the test.
final class Scratch {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "departures-hub-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String) -> String { path + "/" + name }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try text.write(toFile: file(name), atomically: true, encoding: .utf8)
        return file(name)
    }
}
