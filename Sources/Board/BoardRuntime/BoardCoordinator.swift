import AmbientLight
public import BoardRender
public import DeparturesCore
public import DisplayBackends
import Framebuffer
import Locking
public import Logging
import Observation

/// Owns a running board: the view model's refresh loop, the layout and the backend.
///
/// It redraws only when something visible changes — new data, a minute boundary, a page
/// or scroll tick — and sleeps in between. Fetching runs on the view model's own task, so
/// a server that hangs never stops the countdown. Frames are at least `minimumFrameInterval`
/// apart (e-paper's `min_refresh_interval`): a change that comes sooner is drawn, as it then
/// is, once the interval has passed — never dropped.
@MainActor
public final class BoardCoordinator {
    public let viewModel: BoardViewModel
    private var sequence: FrameSequence
    private let backend: any DisplayBackend
    let clock: any BoardClock
    let logger: Logger
    private let started: Date
    let wakeup = Wakeup()
    private var loop: Task<Void, Never>?
    private var pageOffset: Duration = .zero
    private var lastPresentFailed = false
    private let schedule: BoardSchedule?
    private var running = false
    private(set) var screenIsOff = false
    private var wasOperating = true
    private let contrastRule: PanelContrast
    /// The level last sent, so an unchanged one is not sent again.
    private var contrast: UInt8?
    private let minimumFrameInterval: Duration
    /// When the last frame finished going to the panel (a slow panel's refresh included).
    private var lastPresented: Date?
    // The light sensor (extension in BoardCoordinator+Light.swift).
    let light: LightSensorSetup?
    var lightTask: Task<Void, Never>?
    /// The sensor's say while it answers; nil while it fails (the fallback is in force).
    var lightOutput: SensorBrightness.Output?
    var lightFailure: LightSensorError?
    /// Read by the view model's fetch gate, which may not touch the coordinator.
    let lightKeepsDark = Locked(false)

    /// Frames handed to the backend (those with damage), for logs and tests.
    public private(set) var framesPresented = 0
    /// Wake-ups of the draw loop, whether or not anything changed.
    public private(set) var wakeups = 0
    /// Display writes that failed, and the last failure.
    public private(set) var displayFailures = 0
    public private(set) var lastDisplayError: String?
    /// When the board started; for uptime.
    public var startedAt: Date { started }
    /// The backend's name, for logs and status pages.
    public var backendName: String { backend.name }
    /// The contrast last sent to the panel (nil: the driver's own), for the status page.
    public var contrastInForce: UInt8? { contrast }
    /// The smoothed lux of the light sensor while it answers, for the status page.
    public var lux: Double? { lightOutput?.lux }
    /// Told after every pass of the draw loop (watchdog, status page); set before `start()`.
    public var observers: [any DrawLoopObserver] = []
    /// The board's voice (`speech:`), and when it speaks by itself (`announce:`); set before `start()`.
    public var speaker: BoardSpeaker?
    public var announcements: AnnounceTriggers?

    public init(
        viewModel: BoardViewModel, renderer: BoardRenderer, backend: any DisplayBackend,
        clock: any BoardClock, schedule: BoardSchedule? = nil, light: LightSensorSetup? = nil,
        minimumFrameInterval: Duration = .zero, logger: Logger
    ) {
        self.viewModel = viewModel
        self.minimumFrameInterval = minimumFrameInterval
        self.schedule = schedule
        self.light = light
        contrastRule = PanelContrast(schedule: schedule, boardContrast: light?.restingContrast)
        let zone = viewModel.zone
        let pauses = light?.pauseFetching == true
        if schedule != nil || pauses {
            let dark = lightKeepsDark
            viewModel.fetchGate = { now in
                !(pauses && dark.withLock { $0 }) && schedule?.isOperating(atUnixSeconds: now.unixSeconds, zone: zone) != false
            }
        }
        self.sequence = FrameSequence(renderer: renderer)
        self.backend = backend
        self.clock = clock
        self.logger = logger
        self.started = clock.now
    }

    public var renderer: BoardRenderer { sequence.renderer }

    /// Starts fetching and drawing.
    public func start() {
        guard loop == nil else { return }
        running = true
        applySchedule(at: clock.now)
        viewModel.start()
        startLight()
        loop = Task { [weak self] in
            while !Task.isCancelled {
                guard let (delay, clock, wakeup) = self?.drawOnce() else { return }
                await wakeup.wait(for: delay, clock: clock)
            }
        }
        logger.info("board started", metadata: ["backend": "\(backend.name)"])
    }

    /// Stops fetching and drawing and puts the panel to sleep (or blanks it).
    public func stop() {
        running = false
        loop?.cancel()
        loop = nil
        stopLight()
        viewModel.stop()
        backend.shutdown()
        logger.info("board stopped", metadata: ["frames": "\(framesPresented)"])
    }

    /// Refresh now (SIGUSR1, the refresh button).
    public func refreshNow() {
        logger.info("refresh requested")
        fetchNow()
    }

    /// Fetches at once, not at the source's next interval, and draws what came.
    func fetchNow() {
        Task { [viewModel, wakeup] in
            await viewModel.refresh()
            wakeup.poke()
        }
    }

    /// Shows the next page at once (the next-page button).
    public func nextPage() {
        pageOffset += renderer.options.pageInterval
        wakeup.poke()
    }

    /// Draws the current state if it changed and says how long to sleep.
    func drawOnce() -> (Duration, any BoardClock, Wakeup) {
        wakeups += 1
        let now = clock.now
        let wakeup = wakeup
        applySchedule(at: now)
        // Reading the state registers interest in the view model: new data wakes the loop.
        let state = withObservationTracking {
            viewModel.state(at: now)
        } onChange: {
            wakeup.poke()
        }
        logDataChange()
        announceIfDue(state, at: now)
        let elapsed = Duration.seconds(now.timeIntervalSince(started)) + pageOffset
        if screenIsOff {
            report(DrawPass(now: now, state: state, presented: nil, screenOff: true, displayFailing: false))
            return (capped(scheduleDelay(after: now) ?? .seconds(3600)), clock, wakeup)
        }
        // Too soon after the last frame: look again when the interval is over; the frame then
        // is compared with the last one shown, so nothing that changed meanwhile is lost.
        // (A clock set back is not a reason to wait: only 0 ≤ since < interval holds a frame.)
        if let last = lastPresented, case let since = now.timeIntervalSince(last), since >= 0,
            since < minimumFrameInterval.timeInterval
        {
            report(DrawPass(now: now, state: state, presented: nil, screenOff: false, displayFailing: lastPresentFailed))
            let open = last.addingTimeInterval(minimumFrameInterval.timeInterval)
            let wait = min(open, scheduleDelay(after: now).map { now.addingTimeInterval($0.timeInterval) } ?? open)
            return (capped(.seconds(max(0.001, wait.timeIntervalSince(now)))), clock, wakeup)
        }
        let (frame, damage) = sequence.next(state, elapsed: elapsed)
        var presented: Framebuffer?
        if !damage.isEmpty {
            do {
                try backend.present(frame, damage: damage)
                framesPresented += 1
                presented = frame
                lastPresented = clock.now
                if lastPresentFailed { logger.notice("display recovered") }
                lastPresentFailed = false
            } catch {
                // Keep running: the next frame is a full one and the backend re-initialises.
                if !lastPresentFailed { logger.error("display: \(error)") }
                lastPresentFailed = true
                displayFailures += 1
                lastDisplayError = "\(error)"
                sequence = FrameSequence(renderer: sequence.renderer)
            }
        }
        report(DrawPass(now: now, state: state, presented: presented, screenOff: false, displayFailing: lastPresentFailed))
        return (capped(delay(after: now, state: state, elapsed: elapsed)), clock, wakeup)
    }

    /// Builds the pass only when someone watches: a board without observers does what it did before.
    private func report(_ pass: @autoclosure () -> DrawPass) {
        guard !observers.isEmpty else { return }
        let pass = pass()
        for observer in observers { observer.drawLoopPassed(pass, coordinator: self) }
    }

    /// No longer than any observer allows (the watchdog must hear from the loop in time).
    private func capped(_ delay: Duration) -> Duration {
        observers.reduce(delay) { shortest, observer in observer.longestSleep.map { min(shortest, $0) } ?? shortest }
    }

    /// Why a source shows no fresh data, logged with its cause when the cause changes, and
    /// its recovery; on a board of several sources each line names its source.
    private func logDataChange() {
        let named = viewModel.sources.count > 1
        for (index, report) in viewModel.takeReports() {
            let what = named ? "departures (\(viewModel.sources[index].place.name))" : "departures"
            switch report {
            case .failing(let failure): logger.warning("\(what): \(failure.description)")
            case .recovered: logger.notice("\(what) recovered")
            }
        }
    }

    private func delay(after now: Date, state: BoardState, elapsed: Duration) -> Duration {
        var next = viewModel.nextChange(after: now)
        let options = renderer.options
        if renderer.pageCount(for: state) > 1 {
            let interval = options.pageInterval.timeInterval
            let intoPage = elapsed.timeInterval.truncatingRemainder(dividingBy: interval)
            next = min(next, now.addingTimeInterval(interval - intoPage))
        }
        // Moving text advances a pixel per step: wake for each while the layout says something
        // scrolls, even while the window shows only the blank gap between repeats (comparing
        // the next step's picture with this one stalled tickers there until the next minute).
        if sequence.isScrolling {
            let speed = max(1, options.scrollSpeed)
            next = min(next, now.addingTimeInterval(Double((1000 + speed - 1) / speed) / 1000))
        }
        if let scheduled = scheduleDelay(after: now) {
            next = min(next, now.addingTimeInterval(scheduled.timeInterval))
        }
        if let announce = announcements?.nextScheduled(after: now) { next = min(next, announce) }
        return .seconds(max(0.001, next.timeIntervalSince(now)))
    }

    // MARK: - Schedule

    private func scheduleDelay(after now: Date) -> Duration? {
        guard let next = schedule?.nextChange(afterUnixSeconds: now.unixSeconds, zone: viewModel.zone) else { return nil }
        return .seconds(max(0.001, Double(next) - now.timeIntervalSince1970))
    }

    /// Operating hours start and stop fetching; screen-off hours sleep the panel; the contrast
    /// is `PanelContrast`'s answer. The light sensor, while it answers, may blank too.
    private func applySchedule(at now: Date) {
        guard running, schedule != nil || light != nil else { return }
        let zone = viewModel.zone
        let t = now.unixSeconds
        // The view model's fetch gate enforces the hours; this only logs the changes.
        let operating = schedule?.isOperating(atUnixSeconds: t, zone: zone) ?? true
        if operating != wasOperating {
            logger.info(operating ? "operating hours: fetching" : "outside operating hours: not fetching")
            wasOperating = operating
        }
        let off = schedule?.isScreenOff(atUnixSeconds: t, zone: zone) == true || lightOutput?.blank == true
        if off && !screenIsOff {
            logger.info("screen off")
            backend.blank()
            sequence = FrameSequence(renderer: sequence.renderer)
        } else if !off && screenIsOff {
            logger.info("screen on")
        }
        screenIsOff = off
        let sensor: PanelContrast.Sensor = lightOutput.map { .answering(level: $0.level) } ?? (lightFailure == nil ? .silent : .failing)
        if let value = contrastRule.inForce(atUnixSeconds: t, zone: zone, sensor: sensor)?.level, value != contrast {
            contrast = value
            backend.setContrast(value)
        }
    }
}
