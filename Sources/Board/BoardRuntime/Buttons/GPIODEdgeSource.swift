import LinuxDevices

/// One button's line, requested for edge events on the device floor (`GPIORequest`).
///
/// `@unchecked Sendable`: the request is made on the opening thread and then used and
/// released only by the single watcher thread it is handed to.
final class GPIODEdgeSource: EdgeSource, @unchecked Sendable {
    private let request: GPIORequest

    private init(request: GPIORequest) {
        self.request = request
    }

    /// Opens the chip and requests the button's active edge only (falling when active-low),
    /// so releases never reach the debouncer.
    static func open(_ spec: ButtonSpec) throws(ButtonError) -> GPIODEdgeSource {
        do {
            return GPIODEdgeSource(
                request: try GPIORequest(
                    chip: spec.chip, offset: spec.offset,
                    mode: spec.activeLow ? .fallingEdges : .risingEdges))
        } catch {
            throw ButtonError.opening(spec, error)
        }
    }

    /// A signal, or an event gone by the time it is read, is no edge: the caller looks again.
    func waitForEdge(timeout: Duration) throws(ButtonError) -> EdgeEvent? {
        let ready: Bool
        do {
            ready = try request.waitForEdge(timeout: timeout)
        } catch {
            throw ButtonError("waiting for GPIO events failed: \(error.code)")
        }
        guard ready else { return nil }
        do {
            return try request.readEdge().map { EdgeEvent(timestamp: $0) }
        } catch {
            throw ButtonError("reading a GPIO event failed: \(error.code)")
        }
    }

    func close() {
        request.release()
    }
}
