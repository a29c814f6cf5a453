public import SourceAssembly
public import BoardConfig
public import BoardRuntime

/// The board file's `schedule:` and `buttons:` sections as the runtime's types.
public enum ScheduleAssembly {
    /// nil when the section is empty. The board file parsed every time and window already.
    public static func schedule(_ board: BoardFile) -> BoardSchedule? {
        let settings = board.schedule
        guard !settings.operatingHours.isEmpty || !settings.screenOff.isEmpty || !settings.contrast.isEmpty else {
            return nil
        }
        let steps = settings.contrast.map { ($0.key, $0.value) }
        return BoardSchedule(operatingHours: settings.operatingHours, screenOff: settings.screenOff,
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
