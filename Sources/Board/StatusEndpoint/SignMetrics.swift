import DeparturesCore
import WebMessages
import BoardRuntime

/// `/metrics`: what a Prometheus server scrapes from a sign. Names follow Prometheus'
/// conventions (base units, `_total` for counters, `process_` for the process itself).
enum SignMetrics {
    static func samples(_ facts: StatusFacts) -> [MetricSample] {
        var samples = [
            MetricSample(
                "departure_board_info", help: "Constant 1, labelled with the version.",
                labels: [("version", facts.version)], value: 1)
        ]
        for status in ["starting"] + BoardStatus.allCases.map(\.rawValue) {
            samples.append(
                MetricSample(
                    "departure_board_status", help: "1 for the board's current status, 0 for the others.",
                    labels: [("status", status)], value: facts.statusName == status ? 1 : 0))
        }
        if let rss = facts.residentBytes {
            samples.append(MetricSample("process_resident_memory_bytes", help: "Resident memory of the sign process.", value: Double(rss)))
        }
        guard let health = facts.health else { return samples }
        samples += [
            MetricSample(
                "process_start_time_seconds", help: "When the board started, in seconds since the Unix epoch.",
                value: health.started.timeIntervalSince1970),
            MetricSample("departure_board_rows", help: "Departure rows the board shows now.", value: Double(health.state.rows.count)),
            MetricSample(
                "departure_board_fetches_total", .counter, help: "Fetches from the board's source that ended.",
                value: Double(health.fetches)),
            MetricSample(
                "departure_board_fetch_failures_total", .counter, help: "Fetches from the board's source that failed.",
                value: Double(health.fetchFailures)),
            MetricSample(
                "departure_board_frames_total", .counter, help: "Frames written to the display.",
                value: Double(health.frameNumber)),
            MetricSample(
                "departure_board_display_errors_total", .counter, help: "Display writes that failed (bus errors).",
                value: Double(health.displayFailures)),
            MetricSample(
                "departure_board_screen_off", help: "1 while the schedule keeps the screen off.",
                value: health.screenOff ? 1 : 0),
        ]
        if let contrast = health.contrast {
            samples.append(
                MetricSample(
                    "departure_board_contrast", help: "The contrast in force on the panel, 0 to 255.",
                    value: Double(contrast)))
        }
        if let light = health.light {
            samples.append(
                MetricSample(
                    "departure_board_light_sensor_up", help: "1 while the light sensor answers.",
                    value: light.lux == nil ? 0 : 1))
            if let lux = light.lux {
                samples.append(MetricSample("departure_board_illuminance_lux", help: "Ambient light at the sign, smoothed.", value: lux))
            }
        }
        if let age = facts.dataAge {
            samples.append(
                MetricSample("departure_board_data_age_seconds", help: "Seconds since the source last answered well.", value: age))
        }
        if let rate = health.source?.realtimeMatchRate {
            samples.append(
                MetricSample(
                    "departure_board_realtime_match_ratio",
                    help: "Share of realtime trips for the board's routes that matched the timetable.", value: rate))
        }
        return samples
    }
}
