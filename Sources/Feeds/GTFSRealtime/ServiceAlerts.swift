public import DeparturesCore

/// Service alerts for a board: the header texts of alerts active now whose informed entities
/// name one of the board's routes or stops.
public enum ServiceAlerts {
    /// - Parameters:
    ///   - language: preferred BCP-47 tag; otherwise the untagged translation, else the first.
    /// Agency-, route-type- and trip-only selectors are not matched (the board cannot tell).
    public static func messages(
        in feed: TransitRealtime_FeedMessage, routeIDs: Set<String>, stopIDs: Set<String>,
        now: Date, language: String? = nil
    ) -> [String] {
        let nowSeconds = now.timeIntervalSince1970
        var texts: [String] = []
        for entity in feed.entity where entity.hasAlert && !entity.isDeleted {
            let alert = entity.alert
            guard isActive(alert, at: nowSeconds),
                alert.informedEntity.contains(where: { selects($0, routeIDs: routeIDs, stopIDs: stopIDs) }),
                let text = pick(alert.headerText, language: language), !texts.contains(text)
            else { continue }
            texts.append(text)
        }
        return texts
    }

    /// No period: active while in the feed. Otherwise start ≤ now < end, open ends unbounded.
    static func isActive(_ alert: TransitRealtime_Alert, at now: Double) -> Bool {
        ActivePeriod.inForce(alert.activePeriod.map(ServiceAlertReading.period), at: Date(timeIntervalSince1970: now))
    }

    /// Every specifier given must match; at least a route or a stop must be given.
    static func selects(_ selector: TransitRealtime_EntitySelector, routeIDs: Set<String>, stopIDs: Set<String>) -> Bool {
        guard selector.hasRouteID || selector.hasStopID else { return false }
        if selector.hasRouteID, !routeIDs.contains(selector.routeID) { return false }
        if selector.hasStopID, !stopIDs.contains(selector.stopID) { return false }
        return true
    }

    static func pick(_ text: TransitRealtime_TranslatedString, language: String?) -> String? {
        ServiceAlertReading.text(text, language: language)
    }
}
