import Prometheus
public import WebMessages
import Locking

extension MetricSample {
    var descriptor: MetricNameDescriptor { MetricNameDescriptor(metricName: name, unitName: "", helpText: help) }
}

/// The `/metrics` document (Prometheus text format 0.0.4) for a set of samples taken now.
public final class MetricsExporter: Sendable {
    public static let contentType = "text/plain; version=0.0.4; charset=utf-8"
    private let registry = PrometheusCollectorRegistry()
    /// The running total last reported per counter, so each scrape adds only the change.
    private let reported = Locked<[String: Double]>([:])

    public init() {}

    public func exposition(_ samples: [MetricSample]) -> [UInt8] {
        for sample in samples {
            switch sample.kind {
            case .gauge:
                registry.makeGauge(descriptor: sample.descriptor, labels: sample.labels).set(sample.value)
            case .counter:
                let counter = registry.makeCounter(descriptor: sample.descriptor, labels: sample.labels)
                let key = sample.name + "\u{1}" + sample.labels.map { $0.0 + "=" + $0.1 }.joined(separator: "\u{1}")
                reported.withLock { reported in
                    let before = reported[key] ?? 0
                    // A total that went down (a reloaded board starts again) restarts the counter,
                    // which Prometheus reads as a reset, as it would a process restart.
                    if sample.value < before {
                        counter.reset()
                        counter.increment(by: sample.value)
                    } else if sample.value > before {
                        counter.increment(by: sample.value - before)
                    }
                    reported[key] = sample.value
                }
            }
        }
        return registry.emitToBuffer()
    }

    public func response(_ samples: [MetricSample]) -> WebResponse {
        .bytes(exposition(samples), type: Self.contentType, headers: [("Cache-Control", "no-store")])
    }
}
