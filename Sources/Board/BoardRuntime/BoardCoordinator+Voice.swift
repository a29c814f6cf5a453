import DeparturesCore

/// The board's voice: the speak button and `announce:`, both through the one speaker, which
/// refuses while the screen is off (a schedule, the sun or the light sensor), in quiet hours
/// or while an announcement plays.
extension BoardCoordinator {
    /// Speaks the next departures (the speak button).
    @discardableResult
    public func speakNow(why: String = "button") -> SpeechRefusal? {
        guard let speaker else { return nil }
        return speaker.speak(viewModel.state(at: clock.now), screenOff: screenIsOff, why: why)
    }

    /// `announce:`: the clock's slots and watched routes coming due; a due route speaks only its rows.
    func announceIfDue(_ state: BoardState, at now: Date) {
        guard let speaker, var triggers = announcements else { return }
        let reason = triggers.check(at: now, rows: state.rows)
        announcements = triggers
        guard let reason else { return }
        var spoken = state
        if case .due(let rows) = reason { spoken.rows = rows }
        speaker.speak(spoken, screenOff: screenIsOff, why: reason.label)
    }
}
