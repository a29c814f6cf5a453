import Announcements
import DeparturesCore
import Testing

/// Each language's own phrasing of the same rows: late, early, scheduled, far, cancelled, alert.
@Suite struct LanguageTests {
    static let rows = [
        Scene.row("T1", "Emu Plains", minutes: 1, delay: 120), Scene.row("T4", "Cronulla", minutes: 6, delay: -120),
        Scene.row("T9", "Hornsby", minutes: 0, realtime: false), Scene.row("T8", "Macarthur", minutes: 72),
        Scene.row("M1", "Tallawong", minutes: 4, cancelled: true),
    ]
    static let alert = ServiceAlert(id: "a", header: "Lift out of order")

    @Test func german() {
        #expect(
            Scene.say(Self.rows, language: "de-CH", alerts: [Self.alert])
                == "Nächste Abfahrten ab Central Station. T1 nach Emu Plains, in einer Minute, 2 Minuten später. "
                + "T4 nach Cronulla, in 6 Minuten, 2 Minuten früher. T9 nach Hornsby, planmäßig jetzt. "
                + "T8 nach Macarthur, um 10:42. M1 nach Tallawong um 9:34 fällt aus. Hinweis: Lift out of order.")
    }

    @Test func french() {
        #expect(
            Scene.say(Self.rows, language: "fr-FR", alerts: [Self.alert])
                == "Prochains départs de Central Station. T1 direction Emu Plains, dans une minute, avec 2 minutes de retard. "
                + "T4 direction Cronulla, dans 6 minutes, avec 2 minutes d'avance. T9 direction Hornsby, prévu maintenant. "
                + "T8 direction Macarthur, à 10:42. Le M1 de 9:34 direction Tallawong est supprimé. Information : Lift out of order.")
    }

    @Test func spanish() {
        #expect(
            Scene.say(Self.rows, language: "es", alerts: [Self.alert])
                == "Próximas salidas desde Central Station. T1 con destino Emu Plains, en un minuto, con 2 minutos de retraso. "
                + "T4 con destino Cronulla, en 6 minutos, con 2 minutos de adelanto. T9 con destino Hornsby, previsto ahora. "
                + "T8 con destino Macarthur, a las 10:42. El M1 de las 9:34 con destino Tallawong está cancelado. Aviso: Lift out of order."
        )
    }

    @Test func aLanguageWithoutATableFallsBackToEnglishAndSaysSo() {
        let japanese = Announcer.announce(
            Scene.state([Scene.row("T1", "Emu Plains", minutes: 4)]), options: AnnouncementOptions(language: "ja"))
        #expect(japanese.isFallback && japanese.language == "en")
        #expect(japanese.text == "Next departures from Central Station. T1 to Emu Plains, in 4 minutes.")
        let english = Announcer.announce(Scene.state([]), options: AnnouncementOptions(language: "en-AU"))
        #expect(!english.isFallback && english.language == "en")
        #expect(!Announcer.speaks("ja") && Announcer.speaks("de-AT") && Announcer.speaks("es-419"))
        #expect(Announcer.languages == ["en", "de", "fr", "es"])
    }
}
