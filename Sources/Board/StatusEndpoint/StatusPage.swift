import BoardRuntime
import DeparturesCore
import Framebuffer
import SystemFiles

/// `/`: one small page a phone can read. Served filled in, so it says something without
/// scripts; a short script then polls `/status.json` and swaps the frame when it changes.
enum StatusPage {
    static func html(_ facts: StatusFacts) -> String {
        let health = facts.health
        let title = escape(health?.boardName ?? "departure-board")
        let width = health?.frame?.width ?? 0, height = health?.frame?.height ?? 0
        // The image keeps the panel's own size; CSS enlarges it without smoothing, to fit the screen.
        let frame =
            health?.frame == nil
            ? "<p id=\"noframe\">No frame on the panel yet.</p><img id=\"frame\" alt=\"\" hidden>"
            : "<img id=\"frame\" src=\"/frame.png?n=\(health?.frameNumber ?? 0)\" width=\"\(width)\" height=\"\(height)\" alt=\"The panel's current frame\">"
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title)</title>
            <style>
            body{font:16px/1.4 system-ui,sans-serif;margin:1em;background:#111;color:#eee}
            h1{font-size:1.2em;margin:0 0 .5em}
            #frame{image-rendering:pixelated;width:100%;max-width:\(max(width, 1) * 4)px;height:auto;background:#000;border:1px solid #444}
            table{border-collapse:collapse;margin-top:1em}td{padding:.15em .8em .15em 0;vertical-align:top}
            td:first-child{color:#999;white-space:nowrap}.ok{color:#7d7}.stale,.loading,.starting{color:#fb3}.error{color:#f66}
            </style></head><body>
            <h1>\(title)</h1>
            \(frame)
            <table>
            \(row("Status", "<span id=\"status\" class=\"\(facts.statusName)\">\(escape(facts.statusName))</span>"))
            \(row("Message", "<span id=\"message\">\(escape(health?.state.message ?? "–"))</span>"))
            \(row("Data age", "<span id=\"age\">\(ageText(facts.dataAge))</span>"))
            \(row("Sources", "<span id=\"sources\">\(escape(sourcesText(health)))</span>"))
            \(row("Alerts", "<span id=\"alerts\">\(escape(alertsText(health?.state)))</span>"))
            \(row("Last fetch", "<span id=\"fetch\">\(escape(fetchText(health)))</span>"))
            \(row("Realtime", "<span id=\"realtime\">\(escape(realtimeText(health?.source)))</span>"))
            \(row("Display", "<span id=\"display\">\(escape(displayText(health)))</span>"))
            \(row("Uptime", "<span id=\"uptime\">\(ageText(facts.uptime))</span>"))
            \(row("Memory", "<span id=\"memory\">\(facts.residentBytes.map { "\($0 / 1024) KiB" } ?? "–")</span>"))
            \(row("Version", escape(facts.version)))
            </table>
            <script>\(script)</script>
            </body></html>

            """
    }

    static func row(_ name: String, _ value: String) -> String { "<tr><td>\(name)</td><td>\(value)</td></tr>" }

    static func ageText(_ seconds: Double?) -> String {
        guard let seconds else { return "–" }
        let whole = Int(seconds)
        if whole < 120 { return "\(whole) s" }
        if whole < 7200 { return "\(whole / 60) min" }
        return "\(whole / 3600) h \(whole % 3600 / 60) min"
    }

    /// Each source's health and the age of its data: `Bus: ok, 12 s old · Train: error (timed out), 3 min old`.
    static func sourcesText(_ health: BoardHealth?) -> String {
        guard let state = health?.state, !state.sources.isEmpty else { return "–" }
        return state.sources.map { source in
            var text = source.place.name + ": " + source.status.rawValue
            if let message = source.message { text += " (\(message))" }
            if let age = source.dataAgeSeconds(at: state.now) { text += ", " + ageText(Double(age)) + " old" }
            return text
        }.joined(separator: " · ")
    }

    /// Every alert in force, severest first, with what it concerns and until when:
    /// `No T1 trains (no service, severe; routes T1; until 23:00) · …`. The script writes the same
    /// from the board state's JSON.
    static func alertsText(_ state: BoardState?) -> String {
        guard let state, !state.alerts.isEmpty else { return "none" }
        return state.alerts.map { alert in
            var facts = [alert.effect.words + ", " + alert.severity.rawValue]
            if !alert.routes.isEmpty { facts.append("routes " + alert.routes.joined(separator: ", ")) }
            if !alert.stops.isEmpty { facts.append("stops " + alert.stops.joined(separator: ", ")) }
            if !alert.trips.isEmpty { facts.append("trips " + alert.trips.joined(separator: ", ")) }
            if let end = alert.inForce(at: state.now).periods.first?.end { facts.append("until " + TimeText.clock(end, in: state.zone)) }
            return alert.header + " (" + facts.joined(separator: "; ") + ")"
        }.joined(separator: " · ")
    }

    static func fetchText(_ health: BoardHealth?) -> String {
        guard let health, health.lastAttempt != nil else { return "none yet" }
        let outcome = health.lastError.map { "failed: \($0)" } ?? "ok"
        return "\(outcome) (fetches \(health.fetches), failed \(health.fetchFailures))"
    }

    static func realtimeText(_ source: SourceHealth?) -> String {
        guard let source else { return "–" }
        if let error = source.realtimeError { return "failing: \(error)" }
        return source.realtimeSummary ?? "–"
    }

    static func displayText(_ health: BoardHealth?) -> String {
        guard let health else { return "–" }
        var text = "\(health.backend), \(health.frameNumber) frames, \(health.displayFailures) errors"
        if let error = health.lastDisplayError { text += " (last: \(error))" }
        if health.screenOff { text += ", screen off" }
        if let contrast = health.contrast { text += ", contrast \(contrast)" }
        if let light = health.light {
            text += light.lux.map { ", \(StatusJSON.number($0)) lx" } ?? ", light sensor failing: \(light.error ?? "")"
        }
        return text
    }

    /// Text for HTML bodies and attribute values alike.
    static func escape(_ text: String) -> String { MarkupText.escaped(text) }

    /// Polls every 5 s; the frame reloads only when its number changed. textContent, never
    /// innerHTML, so nothing from the feed can become markup.
    static let script = """
        (function(){
        var shown=null;function t(id,v){document.getElementById(id).textContent=v;}
        function age(s){if(s===null)return"–";s=Math.floor(s);if(s<120)return s+" s";if(s<7200)return Math.floor(s/60)+" min";return Math.floor(s/3600)+" h "+Math.floor(s%3600/60)+" min";}
        function tick(){fetch("/status.json",{cache:"no-store"}).then(function(r){return r.json();}).then(function(j){
        var st=document.getElementById("status");st.textContent=j.status;st.className=j.status;
        t("message",j.message||"–");
        if(j.board)t("alerts",j.board.alerts&&j.board.alerts.length?j.board.alerts.map(function(a){var f=[a.effect.replace(/_/g," ")+", "+a.severity];if(a.routes.length)f.push("routes "+a.routes.join(", "));if(a.stops.length)f.push("stops "+a.stops.join(", "));if(a.trips.length)f.push("trips "+a.trips.join(", "));if(a.active_until)f.push("until "+a.active_until.substr(11,5));return a.header+" ("+f.join("; ")+")";}).join(" · "):"none");
        if(j.board&&j.board.sources)t("sources",j.board.sources.length?j.board.sources.map(function(s){return s.label+": "+s.status+(s.message?" ("+s.message+")":"")+(s.data_age_s===null?"":", "+age(s.data_age_s)+" old");}).join(" · "):"–");t("age",age(j.data_age_s));t("uptime",age(j.uptime_s));
        if(j.memory_rss_bytes!==null)t("memory",Math.floor(j.memory_rss_bytes/1024)+" KiB");
        if(j.last_fetch)t("fetch",j.last_fetch.at===null?"none yet":(j.last_fetch.error?"failed: "+j.last_fetch.error:"ok")+" (fetches "+j.last_fetch.fetches+", failed "+j.last_fetch.failures+")");
        if(j.realtime)t("realtime",j.realtime.error?"failing: "+j.realtime.error:(j.realtime.summary||"–"));
        if(j.display)t("display",j.display.backend+", "+j.display.frames+" frames, "+j.display.failures+" errors"+(j.display.last_error?" (last: "+j.display.last_error+")":"")+(j.display.screen_off?", screen off":"")+(j.display.contrast!==null?", contrast "+j.display.contrast:"")+(j.light?(j.light.lux!==null?", "+j.light.lux+" lx":", light sensor failing: "+j.light.error):""));
        var img=document.getElementById("frame");
        if(j.frame_url&&j.frame_url!==shown){shown=j.frame_url;img.src=j.frame_url;img.width=j.display.width;img.height=j.display.height;img.hidden=false;var n=document.getElementById("noframe");if(n)n.hidden=true;}
        document.body.dataset.frame=j.frame_url||"";
        }).catch(function(){document.getElementById("status").textContent="unreachable";});}
        shown=document.getElementById("frame").getAttribute("src");setInterval(tick,5000);tick();
        })();
        """
}
