import Framebuffer

/// Plumbing both e-paper drivers share around one push.
enum EPaperPush {
    /// Plans, sends and records one refresh. A failed send is rethrown, never swallowed, and
    /// forces the next refresh to be full because the panel's state is unknown.
    static func run(
        _ scheduler: inout EPaperRefreshScheduler, damage: [Rect], bounds: Rect,
        partialSupported: Bool, now: () -> Duration,
        send: (EPaperRefresh) throws(BusError) -> Void
    ) throws(BusError) -> EPaperRefresh? {
        guard
            let refresh = scheduler.plan(
                damage: damage, bounds: bounds, now: now(),
                partialSupported: partialSupported)
        else { return nil }
        do {
            try send(refresh)
        } catch {
            scheduler.invalidate()
            throw error
        }
        scheduler.completed(refresh, at: now())
        return refresh
    }
}
