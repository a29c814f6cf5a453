// Each language's sentences. Numbers stay digits where espeak-ng reads them well (`in 4
// minutes`, `9:42`); the number one is written out where its form follows the noun's gender
// or case, which espeak-ng cannot know (`in einer Minute`, `une minute`, `un minuto`).

extension Phrasebook {
    static let english = Phrasebook(
        code: "en",
        header: { "Next departures from \($0)." },
        noDepartures: { "There are no departures from \($0)." },
        unavailable: { "Departures from \($0) are not available right now." },
        departure: { trip, when, scheduled, lateness in
            let whenText: String =
                switch when {
                case .now: scheduled ? "scheduled now" : "now"
                case .inMinutes(let n): (scheduled ? "scheduled in " : "in ") + (n == 1 ? "1 minute" : "\(n) minutes")
                case .at(let clock): (scheduled ? "scheduled at " : "at ") + clock
                }
            let late: String =
                switch lateness {
                case .onTime: ""
                case .late(let n): ", running \(n == 1 ? "1 minute" : "\(n) minutes") late"
                case .early(let n): ", running \(n == 1 ? "1 minute" : "\(n) minutes") early"
                }
            let platform = trip.platform.map { ", platform \($0)" } ?? ""
            return "\(trip.route) to \(trip.headsign)\(platform), \(whenText)\(late)."
        },
        cancelled: { "The \($0.clock) \($0.route) to \($0.headsign) is cancelled." },
        alert: { "Service alert: \($0)" })

    static let german = Phrasebook(
        code: "de",
        header: { "Nächste Abfahrten ab \($0)." },
        noDepartures: { "Keine Abfahrten ab \($0)." },
        unavailable: { "Die Abfahrten ab \($0) sind zurzeit nicht verfügbar." },
        departure: { trip, when, scheduled, lateness in
            // espeak-ng reads `9:42` as "neun Uhr zweiundvierzig": no "Uhr" after it.
            let whenText: String =
                switch when {
                case .now: scheduled ? "planmäßig jetzt" : "jetzt"
                case .inMinutes(let n): (scheduled ? "planmäßig in " : "in ") + (n == 1 ? "einer Minute" : "\(n) Minuten")
                case .at(let clock): (scheduled ? "planmäßig um " : "um ") + clock
                }
            let late: String =
                switch lateness {
                case .onTime: ""
                case .late(let n): ", \(n == 1 ? "eine Minute" : "\(n) Minuten") später"
                case .early(let n): ", \(n == 1 ? "eine Minute" : "\(n) Minuten") früher"
                }
            let platform = trip.platform.map { ", Gleis \($0)" } ?? ""
            return "\(trip.route) nach \(trip.headsign)\(platform), \(whenText)\(late)."
        },
        cancelled: { "\($0.route) nach \($0.headsign) um \($0.clock) fällt aus." },
        alert: { "Hinweis: \($0)" })

    static let french = Phrasebook(
        code: "fr",
        header: { "Prochains départs de \($0)." },
        noDepartures: { "Aucun départ de \($0)." },
        unavailable: { "Les départs de \($0) ne sont pas disponibles pour le moment." },
        departure: { trip, when, scheduled, lateness in
            // espeak-ng reads `9:42` as "neuf heures quarante-deux".
            let whenText: String =
                switch when {
                case .now: scheduled ? "prévu maintenant" : "maintenant"
                case .inMinutes(let n): (scheduled ? "prévu dans " : "dans ") + (n == 1 ? "une minute" : "\(n) minutes")
                case .at(let clock): (scheduled ? "prévu à " : "à ") + clock
                }
            let late: String =
                switch lateness {
                case .onTime: ""
                case .late(let n): ", avec \(n == 1 ? "une minute" : "\(n) minutes") de retard"
                case .early(let n): ", avec \(n == 1 ? "une minute" : "\(n) minutes") d'avance"
                }
            let platform = trip.platform.map { ", voie \($0)" } ?? ""
            return "\(trip.route) direction \(trip.headsign)\(platform), \(whenText)\(late)."
        },
        cancelled: { "Le \($0.route) de \($0.clock) direction \($0.headsign) est supprimé." },
        alert: { "Information : \($0)" })

    static let spanish = Phrasebook(
        code: "es",
        header: { "Próximas salidas desde \($0)." },
        noDepartures: { "No hay salidas desde \($0)." },
        unavailable: { "Las salidas desde \($0) no están disponibles en este momento." },
        departure: { trip, when, scheduled, lateness in
            let whenText: String =
                switch when {
                case .now: scheduled ? "previsto ahora" : "ahora"
                case .inMinutes(let n): (scheduled ? "previsto en " : "en ") + (n == 1 ? "un minuto" : "\(n) minutos")
                case .at(let clock): (scheduled ? "previsto " : "") + spanishAt(clock)
                }
            let late: String =
                switch lateness {
                case .onTime: ""
                case .late(let n): ", con \(n == 1 ? "un minuto" : "\(n) minutos") de retraso"
                case .early(let n): ", con \(n == 1 ? "un minuto" : "\(n) minutos") de adelanto"
                }
            let platform = trip.platform.map { ", andén \($0)" } ?? ""
            return "\(trip.route) con destino \(trip.headsign)\(platform), \(whenText)\(late)."
        },
        cancelled: { "El \($0.route) \(spanishOf($0.clock)) con destino \($0.headsign) está cancelado." },
        alert: { "Aviso: \($0)" })

    /// `a la 1:05`, `a las 9:42`: one o'clock is singular.
    static func spanishAt(_ clock: String) -> String {
        (clock.hasPrefix("1:") ? "a la " : "a las ") + clock
    }

    /// `de la 1:05`, `de las 9:42`.
    static func spanishOf(_ clock: String) -> String {
        (clock.hasPrefix("1:") ? "de la " : "de las ") + clock
    }
}
