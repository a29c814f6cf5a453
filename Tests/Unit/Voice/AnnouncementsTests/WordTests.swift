import Announcements
import DeparturesCore
import Testing

@Suite struct WordTests {
    private func headsign(_ text: String, language: String? = nil, screen: [String: String] = [:]) -> String {
        let state = Scene.state([Scene.row("X", text, minutes: 5)], name: "Here")
        let sentence = Announcer.announce(state, options: AnnouncementOptions(language: language, screenAbbreviations: screen)).sentences[1]
        return sentence
    }

    @Test func englishAbbreviationsAreReadOut() {
        #expect(headsign("Central Stn") == "X to Central Station, in 5 minutes.")
        #expect(headsign("Parramatta Rd") == "X to Parramatta Road, in 5 minutes.")
        #expect(headsign("Airport Int'l") == "X to Airport International, in 5 minutes.")
        #expect(headsign("Park Ave, Mt Druitt") == "X to Park Avenue, Mount Druitt, in 5 minutes.")
    }

    @Test func stIsSaintBeforeANameAndStreetAfterOne() {
        #expect(headsign("St Leonards") == "X to Saint Leonards, in 5 minutes.")
        #expect(headsign("St. Kilda") == "X to Saint Kilda, in 5 minutes.")
        #expect(headsign("George St") == "X to George Street, in 5 minutes.")
        // Alone it could be either: left as written.
        #expect(headsign("St") == "X to St, in 5 minutes.")
        // Inside a word nothing changes.
        #expect(headsign("Stanmore") == "X to Stanmore, in 5 minutes.")
    }

    @Test func germanAbbreviations() {
        #expect(headsign("München Hbf", language: "de") == "X nach München Hauptbahnhof, in 5 Minuten.")
        #expect(headsign("Hauptstr. 5", language: "de") == "X nach Hauptstraße 5, in 5 Minuten.")
        #expect(headsign("S-Bhf Pasing", language: "de-DE") == "X nach S-Bahnhof Pasing, in 5 Minuten.")
    }

    @Test func frenchAndSpanishAbbreviations() {
        #expect(headsign("Gare St Lazare", language: "fr") == "X direction Gare Saint Lazare, dans 5 minutes.")
        #expect(headsign("Av. de América", language: "es") == "X con destino Avenida de América, en 5 minutos.")
    }

    @Test func theBoardsScreenAbbreviationsAreReadBackwards() {
        #expect(
            headsign("Macarthur via APL", screen: ["Airport Link": "APL", "Station": "Stn"])
                == "X to Macarthur via Airport Link, in 5 minutes.")
        #expect(headsign("Twn Hl Stn", screen: ["Town Hall": "Twn Hl"]) == "X to Town Hall Station, in 5 minutes.")
        #expect(headsign("Wynyard Stn", screen: ["Station": "Stn"]) == "X to Wynyard Station, in 5 minutes.")
    }

    @Test func englishBusNumbersAreSaidDigitByDigit() {
        let text = Scene.say([Scene.row("333", "Bondi Beach", minutes: 3), Scene.row("T1", "Emu Plains", minutes: 4)])
        #expect(text.contains("3 3 3 to Bondi Beach"))
        #expect(text.contains("T1 to Emu Plains"))
        // German reads a number as one: "dreihundertdreiunddreißig".
        #expect(Scene.say([Scene.row("333", "Bondi Beach", minutes: 3)], language: "de").contains("333 nach Bondi Beach"))
    }
}
