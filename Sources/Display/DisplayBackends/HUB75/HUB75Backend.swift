import CKernel
public import Framebuffer
import Locking
import PanelCatalog
public import Retry
import SystemFiles
#if canImport(Glibc)
import Glibc
#endif

/// Shows frames on a HUB75 matrix through departure-board-hub75, the small process that owns
/// the matrix (hzeller's library, its refresh thread, its privileges). Only frames that changed
/// are sent, each whole; when the driver dies the backend says so by name, starts it again
/// with backoff on a thread of its own and shows the latest frame, brightness and blanking
/// again, so the sign carries on.
public final class HUB75Backend: DisplayBackend, @unchecked Sendable {
    public enum Event: Sendable, Equatable {
        case info(String), notice(String), error(String)
    }

    public struct Settings: Sendable {
        public var width: Int
        public var height: Int
        /// The CONFIGURE text for a brightness in percent (`HUB75Options.configurationText`).
        public var configuration: @Sendable (_ brightnessPercent: Int) -> String
        /// A frame's SHOWN waits at most this (a swap waits for the panel's vsync: milliseconds).
        public var replyTimeout: Duration = .seconds(2)
        /// Matrix set-up may be slow (panel init sequences, the library's checks).
        public var startTimeout: Duration = .seconds(10)
        /// Restart delays double from 1 s to a minute; a driver that ran a minute starts over.
        public var backoff = Backoff(first: .seconds(1), cap: .seconds(60), resetAfter: .seconds(60))

        public init(width: Int, height: Int, configuration: @escaping @Sendable (_ brightnessPercent: Int) -> String) {
            self.width = width
            self.height = height
            self.configuration = configuration
        }
    }

    private struct Link {
        var channel: (any HUB75Channel)?
        var connectedAt: ContinuousClock.Instant?
        /// What the panel should show, and what the driver said it shows.
        var latest: [UInt8]?
        var delivered: [UInt8]?
        var blanked = false
        var brightness: UInt8
        var sequence: UInt32 = 0
        /// A restart is pending (its thread runs); `restarts` counts the failures its delays double on.
        var restarting = false
        var restarts: Backoff.Counter
        var stopped = false
        var stats = HUB75DeliveryStats()
    }

    public let name: String
    private let launcher: any HUB75Launcher
    private let settings: Settings
    private let report: @Sendable (Event) -> Void
    private let link: Locked<Link>
    /// Signalled by shutdown(), so a pending restart's backoff ends at once.
    private let wake: Int32

    /// `contrast` is the board's 0…255; the driver takes percent.
    public init(
        launcher: any HUB75Launcher, settings: Settings, contrast: UInt8,
        report: @escaping @Sendable (Event) -> Void
    ) {
        self.launcher = launcher
        self.settings = settings
        self.report = report
        name = "hub75 driver \(launcher.name)"
        link = Locked(Link(brightness: ContrastControl.percent.level(for: contrast), restarts: settings.backoff.counter()))
        wake = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
    }

    deinit { close(wake) }

    /// Frames delivered, latencies and restarts so far.
    public var stats: HUB75DeliveryStats { link.withLock { $0.stats } }

    public func present(_ frame: Framebuffer, damage: [Rect]) throws(DisplayError) {
        let rgb = frame.rgbBytes()
        let outcome: DisplayError? = link.withLock { link in
            link.latest = rgb
            link.blanked = false
            if link.restarting { return DisplayError("\(name) is restarting") }
            if link.channel == nil {
                do {
                    link.channel = try open(brightness: link.brightness)
                    link.connectedAt = .now
                } catch {
                    let problem = DisplayError("\(name): \(error)")
                    report(.error(problem.message))
                    scheduleRestart(&link)
                    return problem
                }
            }
            return link.delivered == rgb ? nil : deliver(&link)
        }
        if let outcome { throw outcome }
    }

    public func setContrast(_ value: UInt8) {
        let percent = ContrastControl.percent.level(for: value)
        link.withLock { link in
            link.brightness = percent
            // The library dims pixels as they are drawn: the frame goes again to show it.
            guard send(.brightness(percent: percent), on: &link) == nil, !link.blanked, link.channel != nil else { return }
            _ = deliver(&link)
        }
    }

    /// Screen-off hours: the panel goes dark; the next frame shows again.
    public func blank() {
        link.withLock { link in
            link.blanked = true
            link.delivered = nil
            _ = send(.blank, on: &link)
        }
    }

    /// Ends the link (the driver darkens the panel and exits) and logs what was delivered.
    public func shutdown() {
        let stats = link.withLock { link in
            link.stopped = true
            _ = link.channel?.end()
            link.channel = nil
            return link.stats
        }
        _ = eventfd_write(wake, 1)
        if stats.frames > 0 { report(.info("hub75: \(stats.summary)")) }
    }

    // MARK: - The link

    /// Starts or reaches a driver and configures its matrix.
    private func open(brightness: UInt8) throws(HUB75LinkError) -> any HUB75Channel {
        let channel = try launcher.open()
        let reply: HUB75Reply
        do {
            reply = try channel.exchange(.configure(settings.configuration(Int(brightness))), timeout: settings.startTimeout)
        } catch {
            // The library may end the process while it sets up (a missing /dev/pio0 aborts):
            // its own words are on the driver's stderr, so the log points there.
            let ended = channel.end()
            throw HUB75LinkError(
                "\(error) while it set up the matrix" + (ended.map { " (it \($0))" } ?? "")
                    + "; the driver's own messages say why (journalctl -t departure-board-hub75, or this log)")
        }
        switch reply {
        case .ready(let width, let height) where width == settings.width && height == settings.height:
            return channel
        case .ready(let width, let height):
            _ = channel.end()
            throw HUB75LinkError("the driver's matrix is \(width)×\(height); the board draws \(settings.width)×\(settings.height)")
        case .error(let text):
            let ended = channel.end()
            throw HUB75LinkError("it refused the matrix: \(text)" + (ended.map { " (it \($0))" } ?? ""))
        case .shown, .ok:
            _ = channel.end()
            throw HUB75LinkError("the driver answered the configuration with \(reply)")
        }
    }

    private func deliver(_ link: inout Link) -> DisplayError? {
        guard let rgb = link.latest else { return nil }
        link.sequence &+= 1
        let request = HUB75Request.frame(sequence: link.sequence, width: settings.width, height: settings.height, rgb: rgb)
        let began = ContinuousClock.now
        if let failure = send(request, on: &link) { return failure }
        link.stats.add(latency: ContinuousClock.now - began, bytes: HUB75Request.frameOverhead + rgb.count)
        link.delivered = rgb
        return nil
    }

    /// One request and the reply it must get; a failure ends the link and schedules a restart.
    private func send(_ request: HUB75Request, on link: inout Link) -> DisplayError? {
        guard let channel = link.channel else { return nil }
        let expected: HUB75Reply
        switch request {
        case .frame(let sequence, _, _, _): expected = .shown(sequence: sequence)
        default: expected = .ok(type: request.type)
        }
        let problem: String
        do {
            let reply = try channel.exchange(request, timeout: settings.replyTimeout)
            if reply == expected { return nil }
            if case .error(let text) = reply { problem = text } else { problem = "answered \(reply), expected \(expected)" }
        } catch {
            problem = error.description
        }
        link.channel = nil
        link.delivered = nil
        let ended = channel.end()
        let message = "hub75 driver \(channel.name) " + (ended.map { "\($0): " } ?? "failed: ") + problem
        report(.error(message))
        scheduleRestart(&link)
        return DisplayError(message)
    }

    private func scheduleRestart(_ link: inout Link) {
        guard !link.restarting, !link.stopped else { return }
        let delay = link.restarts.failed(afterRunning: link.connectedAt.map { ContinuousClock.now - $0 })
        link.restarting = true
        if !DetachedThread.start({ [self] in restart(after: delay) }) {
            report(.error("\(name): no thread to restart it"))
        }
    }

    private func restart(after first: Duration) {
        var delay = first
        while true {
            report(.notice("restarting the \(name) in \(delay)"))
            var poller = pollfd(fd: wake, events: Int16(POLLIN), revents: 0)
            _ = poll(&poller, 1, Int32(clamping: delay.wholeMilliseconds))
            let (stopped, brightness) = link.withLock { ($0.stopped, $0.brightness) }
            if stopped { return }
            do {
                let channel = try open(brightness: brightness)
                report(.notice("\(name) started again: \(channel.name)"))
                link.withLock { link in
                    guard !link.stopped else { _ = channel.end(); return }
                    link.channel = channel
                    link.connectedAt = .now
                    link.restarting = false
                    link.stats.restarts += 1
                    _ = send(.brightness(percent: link.brightness), on: &link)
                    if link.blanked { _ = send(.blank, on: &link) } else { _ = deliver(&link) }
                }
                return
            } catch {
                report(.error("\(name): \(error)"))
                delay = link.withLock { $0.restarts.failed() }
            }
        }
    }
}

/// What reached the driver: frames, their size on the wire and how long each took to be
/// shown (send to SHOWN, the panel's vsync included).
public struct HUB75DeliveryStats: Sendable, Equatable {
    public private(set) var frames = 0
    public private(set) var bytesPerFrame = 0
    public var restarts = 0
    /// The latest 4,096 latencies in microseconds (a ring), for the median and 99th percentile.
    private var recent: [Int] = []
    private var longestMicroseconds = 0

    mutating func add(latency: Duration, bytes: Int) {
        let (seconds, attoseconds) = latency.components
        let micros = Int(seconds) * 1_000_000 + Int(attoseconds / 1_000_000_000_000)
        if recent.count < 4096 { recent.append(micros) } else { recent[frames % 4096] = micros }
        frames += 1
        bytesPerFrame = bytes
        longestMicroseconds = max(longestMicroseconds, micros)
    }

    /// The latency at this fraction of the recent frames, in milliseconds.
    public func latencyMilliseconds(at fraction: Double) -> Double {
        guard !recent.isEmpty else { return 0 }
        let sorted = recent.sorted()
        return Double(sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]) / 1000
    }

    public var longestMilliseconds: Double { Double(longestMicroseconds) / 1000 }

    public var summary: String {
        func ms(_ value: Double) -> String { String(Double(Int(value * 100)) / 100) }
        return "\(frames) frames delivered (\(bytesPerFrame) bytes each), latency median \(ms(latencyMilliseconds(at: 0.5))) ms, "
            + "99th percentile \(ms(latencyMilliseconds(at: 0.99))) ms, longest \(ms(longestMilliseconds)) ms; driver restarts: \(restarts)"
    }
}
