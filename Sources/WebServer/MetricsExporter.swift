import Prometheus
import Synchronization

/// One value to expose. Counters are given as running totals; the exporter turns them into
/// swift-prometheus counter increments, so the exposition format is the library's, not ours.
public struct MetricSample: Sendable {
    public enum Kind: Sendable { case gauge, counter }
    public var name: String
    public var help: String
    public var kind: Kind
    public var labels: [(String, String)]
    public var value: Double

    public init(_ name: String, _ kind: Kind = .gauge, help: String, labels: [(String, String)] = [], value: Double) {
        self.name = name
        self.help = help
        self.kind = kind
        self.labels = labels
        self.value = value
    }

    var descriptor: MetricNameDescriptor { MetricNameDescriptor(metricName: name, unitName: "", helpText: help) }
}

/// The `/metrics` document (Prometheus text format 0.0.4) for a set of samples taken now.
public final class MetricsExporter: Sendable {
    public static let contentType = "text/plain; version=0.0.4; charset=utf-8"
    private let registry = PrometheusCollectorRegistry()
    /// The running total last reported per counter, so each scrape adds only the change.
    private let reported = Mutex<[String: Double]>([:])

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
