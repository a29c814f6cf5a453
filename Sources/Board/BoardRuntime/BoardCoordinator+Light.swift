import AmbientLight
import DeparturesCore
import Locking
import Logging

/// The light sensor's loop: polled on its own cadence off the main actor, its answer handed
/// to `applySchedule`, which sends `PanelContrast`'s answer, by waking the draw loop.
extension BoardCoordinator {
    /// For the status page; nil on a board without a sensor.
    public var lightHealth: LightHealth? {
        guard light != nil else { return nil }
        return LightHealth(lux: lightOutput?.lux, error: lightFailure?.description)
    }

    func startLight() {
        guard let light, lightTask == nil else { return }
        logger.info("light sensor: \(light.name), every \(light.interval)")
        lightTask = Task { [weak self, clock] in
            while !Task.isCancelled {
                let reading = await light.poller.poll(atSeconds: clock.now.timeIntervalSince1970)
                guard !Task.isCancelled, let self else { return }
                self.take(reading)
                do { try await clock.sleep(for: light.interval) } catch { return }
            }
        }
    }

    func stopLight() {
        lightTask?.cancel()
        lightTask = nil
        guard let light else { return }
        let clock = clock
        Task { await light.poller.save(at: clock.now.timeIntervalSince1970) }
    }

    /// A failure is logged once, and its recovery once; meanwhile the fallback is in force.
    func take(_ reading: LightSensorPoller.Reading) {
        guard let light else { return }
        switch reading {
        case .output(let output):
            if lightFailure != nil {
                logger.notice("light sensor recovered: \(light.name)")
                lightFailure = nil
            }
            let woke = lightOutput?.blank == true && !output.blank
            guard output != lightOutput else { return }
            lightOutput = output
            lightKeepsDark.withLock { $0 = output.blank && light.pauseFetching }
            wakeup.poke()
            // Fetching paused in the dark: fetch now, not at the source's next interval.
            if woke && light.pauseFetching { fetchNow() }
        case .failed(let error):
            if lightFailure == nil {
                logger.warning("light sensor: \(error); brightness follows \(light.fallbackName) until it answers")
            }
            lightFailure = error
            guard lightOutput != nil else { return }
            let wasDark = lightOutput?.blank == true
            lightOutput = nil
            lightKeepsDark.withLock { $0 = false }
            wakeup.poke()
            if wasDark && light.pauseFetching { fetchNow() }
        }
    }
}
