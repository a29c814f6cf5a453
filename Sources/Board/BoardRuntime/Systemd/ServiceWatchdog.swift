import DeparturesCore

/// Tells systemd the sign is up and alive, from the draw loop only: `READY=1` once the first
/// frame reached the panel, `WATCHDOG=1` after passes whose display writes succeed, and a
/// one-line `STATUS=` whenever it changes. A hung loop or a wedged bus stops the pings and
/// systemd restarts the service; a slow network does not, since fetching has its own task.
@MainActor
public final class ServiceWatchdog: DrawLoopObserver {
    private let notifier: SystemdNotifier
    /// Half of `WatchdogSec=`, as sd_watchdog_enabled(3) advises; nil without a watchdog.
    public let pingInterval: Duration?
    private var isReady = false
    private var lastStatus = ""
    /// Real time, whatever clock the board runs on: the watchdog counts real seconds.
    private var lastPing: ContinuousClock.Instant?

    public init(notifier: SystemdNotifier, watchdogInterval: Duration?) {
        self.notifier = notifier
        pingInterval = watchdogInterval.map { $0 / 2 }
    }

    public var longestSleep: Duration? { pingInterval }

    public func drawLoopPassed(_ pass: DrawPass, coordinator: BoardCoordinator) {
        var lines: [String] = []
        if !isReady && (pass.presented != nil || pass.screenOff) {
            isReady = true
            lines.append("READY=1")
        }
        let status = Self.statusLine(pass, coordinator: coordinator)
        if status != lastStatus {
            lastStatus = status
            lines.append("STATUS=" + status)
        }
        // A ticker passes 24 times a second; a ping every quarter interval is plenty.
        if let pingInterval, isReady, !pass.displayFailing {
            let now = ContinuousClock.now
            if lastPing.map({ now - $0 >= pingInterval / 4 }) ?? true {
                lastPing = now
                lines.append("WATCHDOG=1")
            }
        }
        if !lines.isEmpty { notifier.notify(lines) }
    }

    /// The panel is asleep and the process is about to exit.
    public func stopping() {
        notifier.notify(["STOPPING=1"])
    }

    /// `ok, 6 rows, data 1 min old` — minutes, so the line changes at most once a minute.
    static func statusLine(_ pass: DrawPass, coordinator: BoardCoordinator) -> String {
        if pass.displayFailing { return "display failing: " + (coordinator.lastDisplayError ?? "unknown error") }
        if pass.screenOff { return "screen off (schedule)" }
        let state = pass.state
        var parts = [state.status.rawValue]
        switch state.status {
        case .loading: break
        case .ok, .empty: parts.append("\(state.rows.count) rows")
        case .stale, .error: if let message = state.message { parts.append(message) }
        }
        if let updated = state.updated {
            parts.append("data \(max(0, Int(pass.now.timeIntervalSince(updated))) / 60) min old")
        }
        return parts.joined(separator: ", ")
    }
}
