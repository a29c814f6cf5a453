import Announcements
import DeparturesCore
import Testing

@Suite struct EnglishPhraseTests {
    @Test func minutesAreSingularOrPluralAndTheLastMinuteIsNow() {
        let text = Scene.say([
            Scene.row("T1", "Emu Plains", minutes: 0), Scene.row("T4", "Cronulla", minutes: 1),
            Scene.row("T8", "Macarthur", minutes: 4),
        ])
        #expect(
            text == "Next departures from Central Station. T1 to Emu Plains, now. T4 to Cronulla, in 1 minute. "
                + "T8 to Macarthur, in 4 minutes.")
    }

    @Test func lateAndEarlyAreSaidInWholeMinutes() {
        let text = Scene.say([
            Scene.row("T1", "Emu Plains", minutes: 4, delay: 120), Scene.row("T4", "Cronulla", minutes: 6, delay: 40),
            Scene.row("T8", "Macarthur", minutes: 8, delay: -180), Scene.row("M1", "Tallawong", minutes: 9, delay: -30),
        ])
        #expect(
            text == "Next departures from Central Station. T1 to Emu Plains, in 4 minutes, running 2 minutes late. "
                + "T4 to Cronulla, in 6 minutes, running 1 minute late. T8 to Macarthur, in 8 minutes, running 3 minutes early. "
                + "M1 to Tallawong, in 9 minutes.")
    }

    @Test func timetableOnlyRowsAreSaidAsScheduledAndFarOnesByTheClock() {
        let text = Scene.say([Scene.row("T9", "Hornsby", minutes: 7, realtime: false), Scene.row("T1", "Berowra", minutes: 72)])
        // 09:30:20 + 72 min = 10:42.
        #expect(text == "Next departures from Central Station. T9 to Hornsby, scheduled in 7 minutes. T1 to Berowra, at 10:42.")
    }

    @Test func aCancelledTripIsSaidSoWithItsTime() {
        let text = Scene.say([Scene.row("T1", "Emu Plains", minutes: 4, delay: 120, cancelled: true)])
        #expect(text == "Next departures from Central Station. The 9:34 T1 to Emu Plains is cancelled.")
    }

    @Test func alertsAreSaidOnceAfterTheRows() {
        let alert = ServiceAlert(id: "a", header: "Lifts out of service at Central")
        let again = ServiceAlert(id: "b", header: "Lifts out of service at Central")
        let other = ServiceAlert(id: "c", header: "Buses replace trains on the T4 line.")
        let text = Scene.say([Scene.row("T1", "Emu Plains", minutes: 4)], alerts: [alert, again, other])
        #expect(
            text == "Next departures from Central Station. T1 to Emu Plains, in 4 minutes. "
                + "Service alert: Lifts out of service at Central. Service alert: Buses replace trains on the T4 line.")
    }

    @Test func atMostFiveRowsAStopAreSaid() {
        let rows = (1...8).map { Scene.row("T\($0)", "Emu Plains", minutes: $0 * 2) }
        let announcement = Announcer.announce(Scene.state(rows))
        #expect(announcement.sentences.count == 1 + 5)
        #expect(announcement.sentences.last == "T5 to Emu Plains, in 10 minutes.")
    }

    @Test func eachStopOfSeveralSourcesHasItsOwnPartInBoardOrder() {
        let sources = [
            SourceStatus(place: SourcePlace(index: 0, label: "Platform side"), status: .ok, message: nil, lastSuccess: Scene.now),
            SourceStatus(place: SourcePlace(index: 1, label: "Eddy Av"), status: .ok, message: nil, lastSuccess: Scene.now),
        ]
        let rows = [Scene.row("333", "Bondi Beach", minutes: 2, place: 1), Scene.row("T1", "Emu Plains", minutes: 3, place: 0)]
        let text = Announcer.announce(Scene.state(rows, sources: sources)).text
        #expect(
            text == "Next departures from Platform side. T1 to Emu Plains, in 3 minutes. "
                + "Next departures from Eddy Avenue. 3 3 3 to Bondi Beach, in 2 minutes.")
    }

    @Test func noRowsAndNoDataAreSaidPlainly() {
        #expect(Announcer.announce(Scene.state([], status: .empty)).text == "There are no departures from Central Station.")
        #expect(Announcer.announce(Scene.state([], status: .error)).text == "Departures from Central Station are not available right now.")
    }

    @Test func platformIsSaidWhereKnown() {
        #expect(
            Scene.say([Scene.row("T1", "Emu Plains", minutes: 4, platform: "16")])
                == "Next departures from Central Station. T1 to Emu Plains, platform 16, in 4 minutes.")
    }
}
