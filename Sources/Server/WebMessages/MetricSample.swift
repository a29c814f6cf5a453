/// One value to expose. Counters are given as running totals; the exporter turns them into
/// swift-prometheus counter increments (WebServer.MetricsExporter), so the exposition
/// format is the library's, not ours.
public struct MetricSample: Sendable {
    public enum Kind: UInt8, Sendable { case gauge, counter }
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
}
