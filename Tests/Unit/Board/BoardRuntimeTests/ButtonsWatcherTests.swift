#if canImport(Glibc)
import Glibc
#endif
import Locking
import Testing
import TestTiming
@testable import BoardRuntime

/// Hands out scripted edges, then behaves like an idle line: waits out the timeout and returns nil.
final class FakeEdgeSource: EdgeSource {
    struct State {
        var pending: [EdgeEvent]
        var failure: ButtonError?
        var waitsAfterEmpty = 0
        var closeCount = 0
    }
    let state: Locked<State>

    init(edgesMs: [Int], failure: ButtonError? = nil) {
        state = Locked(State(pending: edgesMs.map { EdgeEvent(timestamp: .milliseconds($0)) }, failure: failure))
    }

    var isDrained: Bool { state.withLock { $0.waitsAfterEmpty > 0 } }
    var closeCount: Int { state.withLock { $0.closeCount } }

    func waitForEdge(timeout: Duration) throws(ButtonError) -> EdgeEvent? {
        let next: Result<EdgeEvent?, ButtonError> = state.withLock { state in
            if !state.pending.isEmpty { return .success(state.pending.removeFirst()) }
            if let failure = state.failure { return .failure(failure) }
            state.waitsAfterEmpty += 1
            return .success(nil)
        }
        let edge = try next.get()
        if edge == nil { usleep(UInt32(timeout.components.attoseconds / 1_000_000_000_000)) }
        return edge
    }

    func close() { state.withLock { $0.closeCount += 1 } }
}

@Suite struct ButtonsWatcherTests {
    @Test func loopDeliversDebouncedPresses() {
        let source = FakeEdgeSource(edgesMs: [1_000, 1_005, 1_010, 1_015, 1_300, 1_305])
        var delivered: [ButtonAction] = []
        let error = ButtonWatcher.run(
            ButtonInput(action: .nextPage, source: source), pollInterval: .milliseconds(1),
            isStopped: { source.isDrained }, deliver: { delivered.append($0) })
        #expect(error == nil)
        #expect(delivered == [.nextPage, .nextPage])
    }

    @Test func loopEndsWithTheSourceError() {
        let source = FakeEdgeSource(edgesMs: [0], failure: ButtonError("chip gone"))
        var delivered: [ButtonAction] = []
        let error = ButtonWatcher.run(
            ButtonInput(action: .refresh, source: source), pollInterval: .milliseconds(1),
            isStopped: { false }, deliver: { delivered.append($0) })
        #expect(error == ButtonError("chip gone"))
        #expect(delivered == [.refresh])
    }

    @Test func threadsDeliverToTheStreamAndStopFinishesIt() async throws {
        let refresh = FakeEdgeSource(edgesMs: [0, 5, 10, 300])
        let nextPage = FakeEdgeSource(edgesMs: [20, 25])
        let buttons = try GPIOButtons(inputs: [
            ButtonInput(action: .refresh, source: refresh),
            ButtonInput(action: .nextPage, source: nextPage),
        ])
        var presses: [ButtonAction] = []
        for await action in buttons.presses {
            presses.append(action)
            if presses.count == 3 { break }
        }
        #expect(presses.filter { $0 == .refresh }.count == 2)
        #expect(presses.filter { $0 == .nextPage }.count == 1)

        let clock = ContinuousClock()
        let stopped = clock.now
        buttons.stop()
        #expect(clock.now - stopped < TestTiming.scaled(.milliseconds(500)))
        #expect(refresh.closeCount == 1 && nextPage.closeCount == 1)
        #expect(buttons.failure == nil)
    }

    @Test func stopEndsAnIdleStream() async throws {
        let buttons = try GPIOButtons(inputs: [ButtonInput(action: .refresh, source: FakeEdgeSource(edgesMs: []))])
        let stopper = Task.detached {
            try await Task.sleep(for: .milliseconds(50)); buttons.stop()
        }
        var count = 0
        for await _ in buttons.presses { count += 1 }  // would hang if stop() did not finish the stream
        #expect(count == 0)
        try await stopper.value
    }

    @Test func failedSourceIsReportedAndFinishesTheStream() async throws {
        let buttons = try GPIOButtons(inputs: [
            ButtonInput(
                action: .refresh,
                source: FakeEdgeSource(
                    edgesMs: [],
                    failure: ButtonError("gone")))
        ])
        for await _ in buttons.presses {}
        #expect(buttons.failure == ButtonError("gone"))
    }

    @Test func noButtonsFinishesAtOnce() async throws {
        let buttons = try GPIOButtons(inputs: [])
        for await _ in buttons.presses { Issue.record("no presses expected") }
    }

    @Test func missingChipIsNamed() {
        #expect {
            try GPIOButtons([ButtonSpec(action: .refresh, chip: "gpiochip99", offset: 17)])
        } throws: { error in
            let message = (error as? ButtonError)?.message ?? ""
            return message.contains("gpiochip99") && message.contains("17")
        }
    }

    @Test func oneLineForTwoButtonsIsRejectedBeforeOpening() {
        #expect(throws: ButtonError("line 4 of GPIO chip 'gpiochip99' is configured for more than one button")) {
            try GPIOButtons([
                ButtonSpec(action: .refresh, chip: "gpiochip99", offset: 4),
                ButtonSpec(action: .nextPage, chip: "gpiochip99", offset: 4),
            ])
        }
    }
}
