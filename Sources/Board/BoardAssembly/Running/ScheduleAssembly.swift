public import SourceAssembly
public import BoardConfig
public import BoardRuntime

/// The board file's `schedule:` and `buttons:` sections as the runtime's types.
public enum ScheduleAssembly {
    /// nil when the section is empty. Texts were validated with the board file; one that
    /// still does not parse is an error, never a window silently dropped.
    public static func schedule(_ board: BoardFile) throws(AssemblyError) -> BoardSchedule? {
        let settings = board.schedule
        func window(_ text: String, key: String) throws(AssemblyError) -> DailyWindow {
            guard let window = DailyWindow(parsing: text) else {
                throw AssemblyError(.boardFile, "\(board.path): schedule.\(key): '\(text)' is not HH:MM-HH:MM")
            }
            return window
        }
        var operating: [DailyWindow] = []
        for text in settings.operatingHours { operating.append(try window(text, key: "operating_hours")) }
        var off: [DailyWindow] = []
        for text in settings.screenOff { off.append(try window(text, key: "screen_off")) }
        var steps: [(LocalTime, UInt8)] = []
        for step in settings.contrast {
            guard let time = LocalTime(parsing: step.time) else {
                throw AssemblyError(.boardFile, "\(board.path): schedule.contrast: '\(step.time)' is not HH:MM")
            }
            steps.append((time, UInt8(clamping: step.value)))
        }
        guard !operating.isEmpty || !off.isEmpty || !steps.isEmpty else { return nil }
        return BoardSchedule(operatingHours: operating, screenOff: off,
                             contrast: steps.isEmpty ? nil : ContrastSchedule(steps: steps))
    }

    /// The board's GPIO buttons, watching from now on; nil without a `buttons:` section.
    public static func buttons(_ board: BoardFile) throws(AssemblyError) -> GPIOButtons? {
        guard let settings = board.buttons else { return nil }
        var specs: [ButtonSpec] = []
        if let line = settings.refresh {
            specs.append(ButtonSpec(action: .refresh, chip: settings.chip, offset: UInt32(line),
                                    activeLow: settings.activeLow, debounce: settings.debounce))
        }
        if let line = settings.nextPage {
            specs.append(ButtonSpec(action: .nextPage, chip: settings.chip, offset: UInt32(line),
                                    activeLow: settings.activeLow, debounce: settings.debounce))
        }
        do {
            return try GPIOButtons(specs)
        } catch {
            throw AssemblyError(.io, "\(board.path): buttons: \(error)")
        }
    }
}
