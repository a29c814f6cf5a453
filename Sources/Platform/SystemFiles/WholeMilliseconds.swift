extension Duration {
    /// Whole milliseconds, clamped to 0...1e12 (about 31 years): what poll() and friends take.
    public var wholeMilliseconds: Int {
        let (seconds, attoseconds) = components
        if seconds >= 1_000_000_000 { return 1_000_000_000_000 }
        if seconds < 0 || (seconds == 0 && attoseconds <= 0) { return 0 }
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}
