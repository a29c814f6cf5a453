import LinuxDevices
import Testing
@testable import BoardRuntime

@Suite struct ButtonsDebouncerTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var edgesMs: [Int]
        var accepted: [Bool]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "bounces 5 ms apart, then a real press 300 ms later",
            edgesMs: [0, 5, 10, 15, 20, 300, 305, 310], accepted: [true, false, false, false, false, true, false, false]),
        Case(name: "exactly the interval counts as a new press", edgesMs: [0, 49, 50], accepted: [true, false, true]),
        Case(name: "dropped bounces do not extend the window", edgesMs: [0, 40, 80], accepted: [true, false, true]),
        Case(name: "an edge stamped earlier than the last press is dropped", edgesMs: [1_000, 900], accepted: [true, false]),
        Case(name: "first edge is always a press", edgesMs: [7], accepted: [true]),
    ]

    @Test(arguments: cases)
    func debounces(_ c: Case) {
        var debouncer = Debouncer(interval: .milliseconds(50))
        #expect(c.edgesMs.map { debouncer.accept(edgeAt: .milliseconds($0)) } == c.accepted)
    }

    @Test func errorMessagesNameChipLineAndGroup() {
        let spec = ButtonSpec(action: .nextPage, chip: "gpiochip0", offset: 27)
        let denied = ButtonError.opening(spec, DeviceError(device: "gpiochip0", operation: .open, code: .permissionDenied)).message
        #expect(denied.contains("'gpiochip0'") && denied.contains("27") && denied.contains("'gpio' group"))
        let missing = ButtonError.opening(spec, DeviceError(device: "gpiochip0", operation: .open, code: .noSuchFile)).message
        #expect(missing.contains("'gpiochip0' not found") && missing.contains("nextPage"))
        let noLine = ButtonError.opening(
            spec,
            DeviceError(
                device: "gpiochip0", operation: .findLine(offset: 27, lineCount: 8),
                code: .invalidArgument)
        ).message
        #expect(noLine.contains("no line 27") && noLine.contains("8 lines"))
        let busy = ButtonError.opening(
            spec,
            DeviceError(
                device: "gpiochip0", operation: .requestLine(offset: 27, holder: "other"),
                code: .busy)
        ).message
        #expect(busy.contains("busy") && busy.contains("'other'"))
    }

    @Test func specDefaults() {
        let spec = ButtonSpec(action: .refresh, chip: "gpiochip0", offset: 17)
        #expect(spec.activeLow)
        #expect(spec.debounce == .milliseconds(50))
        #expect(ButtonAction.allCases.map(\.rawValue) == ["refresh", "nextPage", "speak"])
    }
}
