import DeparturesCore
import Foundation
import Testing

/// A trip id merges rows, or marks them with a trip's alert, only where it names one trip of
/// its answer: never a placeholder, never an id two distinct departures carry (issue 45).
struct TripIdentityTests {
    let now = Fixtures.instant("2026-11-23T09:30:00+11:00")
    let rules = DepartureRules(calendar: ServiceDayCalendar(zone: Fixtures.sydney))

    func merged(_ answers: [[Departure]]) -> [String] {
        let sources = answers.enumerated().map { index, departures in
            (place: SourcePlace(index: index, label: "S\(index)", feed: "siri:one-server"), departures: rules.resolve(departures, now: now))
        }
        return rules.merged(sources, now: now).map { "\($0.resolved.departure.tripID)@\($0.place.index)" }
    }

    @Test(arguments: ["-", "0", "", "  ", " - "])
    func placeholdersNameNoTrip(id: String) {
        #expect(TripIdentity.isPlaceholder(id))
        #expect(!TripIdentity([Fixtures.departure(id, at: Fixtures.secs(9, 40))]).identifies(id))
        #expect(TripIdentity.given(id) == nil)
    }

    @Test func anOrdinaryIdNamesItsTrip() {
        let identity = TripIdentity([
            Fixtures.departure("T1-7", at: Fixtures.secs(9, 40)), Fixtures.departure("00", at: Fixtures.secs(9, 45)),
        ])
        #expect(identity.identifies("T1-7") && identity.identifies("00"))
        #expect(TripIdentity.given("T1-7") == "T1-7")
    }

    @Test func placeholderRowsOfOneFeedAreNeverMerged() {
        // Three stops of one server, four visits each, every one under `-`: twelve rows.
        let answers = (0..<3).map { stop in
            (0..<4).map { visit in Fixtures.departure("-", route: "X\(visit)", at: Fixtures.secs(9, 35 + stop + 4 * visit)) }
        }
        #expect(merged(answers).count == 12)
    }

    @Test func anIdTwoDistinctDeparturesCarryNamesNoTrip() {
        // The first stop's answer gives `J7` to two departures: neither is merged with the
        // second stop's `J7`. The unique `J8` still is (kept at the call reached first).
        let first = [
            Fixtures.departure("J7", route: "10", at: Fixtures.secs(9, 40)),
            Fixtures.departure("J7", route: "12", at: Fixtures.secs(9, 50)),
            Fixtures.departure("J8", at: Fixtures.secs(9, 44)),
        ]
        let second = [
            Fixtures.departure("J7", route: "10", at: Fixtures.secs(9, 42)),
            Fixtures.departure("J8", at: Fixtures.secs(9, 47)),
        ]
        #expect(merged([first, second]) == ["J7@0", "J7@1", "J8@0", "J7@0"])
        #expect(!TripIdentity(first).identifies("J7"))
        // The same departure listed twice is one departure: its id still names it.
        #expect(TripIdentity([first[2], first[2]]).identifies("J8"))
    }

    @Test func aTripsAlertMarksOnlyARowItNames() {
        let alert = ServiceAlert(id: "a", header: "Trip J7 terminates early", scopes: [AlertScope(trip: "J7")])
        let placeholder = ServiceAlert(id: "p", header: "Every trip", scopes: [AlertScope(trip: "-")])
        let shared = [
            Fixtures.departure("J7", route: "10", at: Fixtures.secs(9, 40)),
            Fixtures.departure("J7", route: "12", at: Fixtures.secs(9, 50)),
            Fixtures.departure("-", at: Fixtures.secs(9, 55)),
        ]
        #expect(AlertRules.marked(shared, with: [alert, placeholder], atStops: []).map(\.alertIDs) == [[], [], []])
        let named = [Fixtures.departure("J7", route: "10", at: Fixtures.secs(9, 40))]
        #expect(AlertRules.marked(named, with: [alert], atStops: []).map(\.alertIDs) == [["a"]])
    }
}
