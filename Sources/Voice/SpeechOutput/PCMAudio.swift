/// Speech as samples: mono, signed 16-bit, at `sampleRate` Hz. What a synthesiser makes and
/// what a WAV file or a sound card takes.
public struct PCMAudio: Sendable, Equatable {
    public var sampleRate: Int
    public var samples: [Int16]

    public init(sampleRate: Int, samples: [Int16]) {
        self.sampleRate = sampleRate
        self.samples = samples
    }

    /// How long it plays.
    public var duration: Duration {
        guard sampleRate > 0 else { return .zero }
        let milliseconds = Int64(samples.count) * 1000 / Int64(sampleRate)
        return .milliseconds(milliseconds)
    }

    /// Root mean square of the samples (0 for silence, 32767 at most): how loud it is.
    public var rms: Double {
        guard !samples.isEmpty else { return 0 }
        let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        return (sum / Double(samples.count)).squareRoot()
    }

    /// The samples at `percent` (0–100) of their level: a board's `speech.volume`. The
    /// synthesiser's own level is 100; scaling down never clips.
    public func atVolume(_ percent: Int) -> PCMAudio {
        let percent = Int32(min(max(percent, 0), 100))
        guard percent < 100 else { return self }
        return PCMAudio(sampleRate: sampleRate, samples: samples.map { Int16(Int32($0) * percent / 100) })
    }
}
