import CSoundLoader

/// ALSA's playback through libasound, loaded with dlopen on the first sound: the Pi's own
/// output (`default`), a USB speaker (`plughw:CARD=Device`) or, in the kernel tier, the
/// loopback card. The device is opened for each announcement and closed after it, so a
/// speaker plugged in later is found and nothing holds the card between announcements.
public struct ALSASink: SoundSink {
    public var device: String
    /// About this much audio is buffered ahead; short enough to stop promptly.
    public var latencyMicroseconds: UInt32 = 200_000

    public init(device: String = "default") {
        self.device = device
    }

    public func play(_ samples: [Int16], sampleRate: Int) throws(SoundError) {
        guard let library = ALSALibrary.table else {
            throw SoundError("ALSA is not available (\(ALSALibrary.failure ?? "unknown")): install Debian's libasound2")
        }
        guard sampleRate > 0, sampleRate <= 384_000 else { throw SoundError("no device plays \(sampleRate) Hz") }
        guard !samples.isEmpty else { return }
        var error = [CChar](repeating: 0, count: 512)
        guard let pcm = db_pcm_open(library, device, UInt32(sampleRate), 1, latencyMicroseconds, &error, error.count) else {
            throw SoundError("sound device \(Self.text(error))")
        }
        let rc = samples.withUnsafeBufferPointer { buffer in
            db_pcm_write(library, pcm, buffer.baseAddress, buffer.count, &error, error.count)
        }
        db_pcm_finish(library, pcm)
        if rc != 0 { throw SoundError("sound device '\(device)': \(Self.text(error))") }
    }

    static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// libasound, loaded once per process the first time a board speaks.
enum ALSALibrary {
    static let loaded: Result<UInt, SoundError> = {
        var error = [CChar](repeating: 0, count: 512)
        guard let library = db_sound_open(&error, error.count) else {
            return .failure(SoundError(ALSASink.text(error)))
        }
        return .success(UInt(bitPattern: library))
    }()

    static var table: OpaquePointer? {
        guard case .success(let address) = loaded else { return nil }
        return OpaquePointer(bitPattern: address)
    }

    static var failure: String? {
        guard case .failure(let error) = loaded else { return nil }
        return error.message
    }
}
