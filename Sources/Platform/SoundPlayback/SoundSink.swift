/// Where spoken words are heard: ALSA on a sign (`ALSASink`), a recorder in tests.
public protocol SoundSink: Sendable {
    /// Plays mono signed 16-bit samples to the end; blocks until they have been heard, so it
    /// belongs on a thread of its own, never on a cooperative one.
    func play(_ samples: [Int16], sampleRate: Int) throws(SoundError)
}

/// Why sound could not be played; the message is meant for the operator.
public struct SoundError: Error, CustomStringConvertible, Equatable, Sendable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
