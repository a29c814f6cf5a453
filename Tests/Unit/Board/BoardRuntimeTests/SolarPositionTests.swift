import Testing
import ZoneInfo
@testable import BoardRuntime

/// Rise, set and civil twilight against published tables, within ±2 minutes. Year-to-year the
/// same date moves by under a minute, so a table of another year is a fair witness.
@Suite struct SolarPositionTests {
    struct Place {
        var sun: SolarPosition
        var zone: TimeZoneRules
        init(_ latitude: Double, _ longitude: Double, _ zone: String) throws {
            sun = SolarPosition(latitude: latitude, longitude: longitude)
            self.zone = try TimeZoneRules.load(zone)
        }

        /// The event as local "HH:mm" in the place's zone, or why there is none.
        func local(_ altitude: Double, rising: Bool, _ y: Int, _ m: Int, _ d: Int) -> String {
            switch sun.crossing(altitude, rising: rising, on: CivilDate(year: y, month: m, day: d), zone: zone) {
            case .alwaysAbove: return "always above"
            case .alwaysBelow: return "always below"
            case .at(let t):
                let local = zone.localDateTime(atUnixSeconds: t + 30)  // to the nearest minute
                return local.date.description + " " + pad(local.hour) + ":" + pad(local.minute)
            }
        }
    }

    /// Minutes between a computed "YYYY-MM-DD HH:mm" and a published "HH:mm" on that date.
    static func minutesOff(_ computed: String, _ published: String) -> Int {
        let parts = computed.split(separator: " ")
        guard parts.count == 2 else { return .max }
        let minutes = { (text: Substring) -> Int in
            let hm = text.split(separator: ":").compactMap { Int($0) }
            return hm[0] * 60 + hm[1]
        }
        return abs(minutes(parts[1]) - minutes(Substring(published)))
    }

    static func expectNear(
        _ computed: String, _ published: String, _ what: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(
            minutesOff(computed, published) <= 2, "\(what): computed \(computed), published \(published)",
            sourceLocation: sourceLocation)
    }

    @Test func sydneyOnTheSummerSolstice() throws {
        let sydney = try Place(-33.87, 151.21, "Australia/Sydney")
        // whattime.city/sydney/sun, "Sunrise and sunset on the 1st of each month": December 05:38, 19:51 (AEDT).
        Self.expectNear(sydney.local(SolarPosition.horizon, rising: true, 2026, 12, 1), "05:38", "Sydney sunrise 1 Dec")
        Self.expectNear(sydney.local(SolarPosition.horizon, rising: false, 2026, 12, 1), "19:51", "Sydney sunset 1 Dec")
        // Sydney Observatory (maas.museum, "Summer solstice 2008…"): on the solstice the sun is up 14 h 25 min.
        guard
            case .at(let rise) = sydney.sun.crossing(
                SolarPosition.horizon, rising: true, on: CivilDate(year: 2026, month: 12, day: 21), zone: sydney.zone),
            case .at(let set) = sydney.sun.crossing(
                SolarPosition.horizon, rising: false, on: CivilDate(year: 2026, month: 12, day: 21), zone: sydney.zone)
        else {
            Issue.record("Sydney has a sunrise and a sunset on 21 December")
            return
        }
        #expect(abs(Int(set - rise) / 60 - (14 * 60 + 25)) <= 2, "day length \(Int(set - rise) / 60) min")
        #expect(sydney.local(SolarPosition.horizon, rising: true, 2026, 12, 21).hasPrefix("2026-12-21 05:4"))
    }

    /// Decorah, Iowa (43.30 N, 91.79 W): Luther College's September table (sunrise, sunset and
    /// civil twilight after the U.S. Naval Observatory, CDT), 21 September: 6:54, 7:05 pm, 6:25, 7:34 pm.
    @Test func civilTwilightInIowa() throws {
        let decorah = try Place(43.30, -91.79, "America/Chicago")
        Self.expectNear(decorah.local(SolarPosition.horizon, rising: true, 2026, 9, 21), "06:54", "sunrise")
        Self.expectNear(decorah.local(SolarPosition.horizon, rising: false, 2026, 9, 21), "19:05", "sunset")
        Self.expectNear(decorah.local(SolarPosition.civilTwilight, rising: true, 2026, 9, 21), "06:25", "civil dawn")
        Self.expectNear(decorah.local(SolarPosition.civilTwilight, rising: false, 2026, 9, 21), "19:34", "civil dusk")
        // 1 September from the same table: 6:32, 7:41 pm; twilight 6:02, 8:11 pm.
        Self.expectNear(decorah.local(SolarPosition.horizon, rising: true, 2026, 9, 1), "06:32", "sunrise 1 Sep")
        Self.expectNear(decorah.local(SolarPosition.civilTwilight, rising: false, 2026, 9, 1), "20:11", "civil dusk 1 Sep")
    }

    /// London on the day the clocks go forward (29 March 2026, 01:00 UTC): the events are
    /// read in BST, an hour after the GMT wall clock of the day before, and the day grows by
    /// its usual few minutes rather than by the hour the clocks jumped.
    @Test func londonOnTheDaylightSavingDay() throws {
        let london = try Place(51.5072, -0.1276, "Europe/London")
        // conservdailyusa.com (2025): London's first 6 pm sunset (GMT) is on Wednesday 12 March.
        Self.expectNear(london.local(SolarPosition.horizon, rising: false, 2025, 3, 12), "18:00", "London sunset 12 Mar")
        let before = london.local(SolarPosition.horizon, rising: false, 2026, 3, 28)
        let after = london.local(SolarPosition.horizon, rising: false, 2026, 3, 29)
        let change = (Self.minutesOff(after, "00:00") - Self.minutesOff(before, "00:00"))
        #expect((61...63).contains(change), "sunset \(before) GMT then \(after) BST: one hour plus the day's ~2 minutes")
        #expect(london.local(SolarPosition.horizon, rising: true, 2026, 3, 29).hasPrefix("2026-03-29 06:4"))
    }

    /// reachtheworld.org ("Week in Tromsø"): no sunrise from 21 November to 21 January, no sunset
    /// from 20 May to 22 July. Those are rounded, local-hills figures: over a sea horizon the sun's
    /// rim still shows at noon on 25 November and 17 January (computed 10:43 and 11:02, the sun
    /// ~0.5° below), so the polar-night checks keep well inside the period.
    @Test func tromsoPolarNightAndPolarDay() throws {
        let tromso = try Place(69.65, 18.96, "Europe/Oslo")
        for (m, d) in [(12, 2), (12, 21), (1, 10)] {
            #expect(tromso.local(SolarPosition.horizon, rising: true, 2026, m, d) == "always below", "\(m)-\(d)")
        }
        for (m, d) in [(5, 24), (6, 21), (7, 18)] {
            #expect(tromso.local(SolarPosition.horizon, rising: false, 2026, m, d) == "always above", "\(m)-\(d)")
        }
        for (m, d) in [(11, 15), (1, 27), (5, 14), (7, 28)] {
            #expect(!tromso.local(SolarPosition.horizon, rising: true, 2026, m, d).hasPrefix("always"), "\(m)-\(d) has a sunrise")
        }
        // The polar night is not dark all day: the midday sun is ~3° below, inside civil twilight.
        #expect(!tromso.local(SolarPosition.civilTwilight, rising: true, 2026, 12, 21).hasPrefix("always"))
        let noon = tromso.sun.transit(
            near: tromso.zone.unixSeconds(
                for: LocalDateTime(date: CivilDate(year: 2026, month: 12, day: 21), hour: 12, minute: 0, second: 0)))
        #expect(abs(tromso.sun.elevation(atUnixSeconds: noon) - (90 - 69.65 - 23.44)) < 0.2)
    }

    /// Quito (0.18 S, 78.47 W): timeanddate.com's figures as quoted by adventuresinmiddleearth.com
    /// ("Sunrise, Sunset in Quito (Revisited)"): 21 December 6:08/6:16 pm, 21 June 6:13/6:19 pm.
    @Test func quitoOnTheEquator() throws {
        let quito = try Place(-0.18, -78.47, "America/Guayaquil")
        Self.expectNear(quito.local(SolarPosition.horizon, rising: true, 2026, 12, 21), "06:08", "Quito sunrise Dec")
        Self.expectNear(quito.local(SolarPosition.horizon, rising: false, 2026, 12, 21), "18:16", "Quito sunset Dec")
        Self.expectNear(quito.local(SolarPosition.horizon, rising: true, 2026, 6, 21), "06:13", "Quito sunrise Jun")
        Self.expectNear(quito.local(SolarPosition.horizon, rising: false, 2026, 6, 21), "18:19", "Quito sunset Jun")
    }
}

private func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
