import Foundation
import GTFSRealtime
import Testing

struct AlertsTests {
    static func alert(
        _ text: String, route: String? = nil, stop: String? = nil,
        from start: Date? = nil, until end: Date? = nil
    ) -> TransitRealtime_Alert {
        var alert = TransitRealtime_Alert()
        var selector = TransitRealtime_EntitySelector()
        if let route { selector.routeID = route }
        if let stop { selector.stopID = stop }
        alert.informedEntity = [selector]
        if start != nil || end != nil {
            var period = TransitRealtime_TimeRange()
            if let start { period.start = UInt64(start.timeIntervalSince1970) }
            if let end { period.end = UInt64(end.timeIntervalSince1970) }
            alert.activePeriod = [period]
        }
        var translation = TransitRealtime_TranslatedString.Translation()
        translation.text = text
        alert.headerText.translation = [translation]
        return alert
    }

    @Test func activeAlertsForTheBoardsRoutesAndStops() {
        let feed = RT.feed(
            [],
            alerts: [
                Self.alert("Trackwork on T1", route: "R1"),
                Self.alert("Lift out of order", stop: "S"),
                Self.alert("Other line", route: "R9"),
                Self.alert("Over", route: "R1", until: RT.now.addingTimeInterval(-60)),
                Self.alert("Later", route: "R1", from: RT.now.addingTimeInterval(3_600)),
                Self.alert("Now on", route: "R1", from: RT.now.addingTimeInterval(-60), until: RT.now.addingTimeInterval(60)),
                Self.alert("Both must match", route: "R1", stop: "elsewhere"),
            ])
        let result = RT.apply([RT.row("t1", at: RT.secs(9, 40))], feed)
        #expect(result.alerts == ["Trackwork on T1", "Lift out of order", "Now on"])
    }

    @Test func preferredLanguageThenUntagged() {
        var alert = Self.alert("untagged", route: "R1")
        var german = TransitRealtime_TranslatedString.Translation()
        german.text = "deutsch"
        german.language = "de"
        alert.headerText.translation.insert(german, at: 0)
        let feed = RT.feed([], alerts: [alert])
        #expect(ServiceAlerts.messages(in: feed, routeIDs: ["R1"], stopIDs: [], now: RT.now, language: "DE") == ["deutsch"])
        #expect(ServiceAlerts.messages(in: feed, routeIDs: ["R1"], stopIDs: [], now: RT.now) == ["untagged"])
    }

    @Test func staleFeedsGiveNoAlerts() {
        let feed = RT.feed(age: 3_600, [], alerts: [Self.alert("Trackwork", route: "R1")])
        #expect(RT.apply([RT.row("t1", at: RT.secs(9, 40))], feed).alerts.isEmpty)
    }
}
