import CSpeechLoader
import Locking

/// Speech from espeak-ng (Debian's `libespeak-ng1`), loaded with dlopen on the first text
/// spoken, so a sign that never speaks never maps it.
public struct EspeakSynthesizer: SpeechSynthesizer {
    /// The rates espeak-ng takes (`espeakRATE_MINIMUM` … `espeakRATE_MAXIMUM`).
    public static let rates = 80...450
    public static let defaultLibrary = "libespeak-ng.so.1"

    /// The shared object to load; another name only to test a missing library.
    public var library: String

    public init(library: String = EspeakSynthesizer.defaultLibrary) {
        self.library = library
    }

    public func synthesize(_ request: SpeechRequest) throws(SpeechError) -> PCMAudio {
        guard Self.rates.contains(request.rate) else { throw .rateOutOfRange(request.rate, Self.rates) }
        // espeak-ng is one synthesiser per process (its voice, rate and callback are globals),
        // so every use goes through the one lock that stands for it.
        return try EspeakEngine.shared.withLock { (engine: inout EspeakEngine) throws(SpeechError) -> PCMAudio in
            let table = try engine.open(library)
            return try Self.speak(request, with: table)
        }
    }

    private static func speak(_ request: SpeechRequest, with table: OpaquePointer) throws(SpeechError) -> PCMAudio {
        let collected = SampleCollector()
        let context = Unmanaged.passUnretained(collected).toOpaque()
        let status = withExtendedLifetime(collected) {
            db_speech_synthesize(table, request.voice, Int32(request.rate), request.text, context) { context, samples, count in
                guard let context, let samples, count > 0 else { return }
                let collector = Unmanaged<SampleCollector>.fromOpaque(context).takeUnretainedValue()
                collector.samples.append(contentsOf: UnsafeBufferPointer(start: samples, count: Int(count)))
            }
        }
        switch Int(status) {
        case Int(DB_SPEECH_OK):
            return PCMAudio(sampleRate: Int(db_speech_sample_rate(table)), samples: collected.samples)
        case Int(DB_SPEECH_NO_VOICE):
            throw .unknownVoice(request.voice)
        default:
            throw .failed("espeak_Synth returned an error for voice '\(request.voice)'")
        }
    }
}

/// Samples as espeak-ng hands them over; only touched under the engine's lock.
private final class SampleCollector {
    var samples: [Int16] = []
}

/// espeak-ng's process-wide state, behind the lock that serialises every call into it.
struct EspeakEngine: Sendable {
    /// The library's table's address once loaded, by shared object name (a pointer is not
    /// Sendable; its address is).
    private var tables: [String: UInt] = [:]

    /// The C library keeps one synthesiser per process, so its lock is one per process too.
    static let shared = Locked(EspeakEngine())

    /// Loads and initialises the library on first use; a failure is retried on the next call
    /// (a package installed meanwhile is then found).
    mutating func open(_ library: String) throws(SpeechError) -> OpaquePointer {
        if let table = tables[library], let pointer = OpaquePointer(bitPattern: table) { return pointer }
        var error = [CChar](repeating: 0, count: 512)
        var status: Int32 = 0
        guard let opened = db_speech_open(library, nil, &status, &error, error.count) else {
            let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if Int(status) == Int(DB_SPEECH_NO_DATA) { throw .dataMissing(reason) }
            if Int(status) == Int(DB_SPEECH_NO_LIBRARY) { throw .libraryMissing(reason) }
            throw .failed(reason)
        }
        tables[library] = UInt(bitPattern: opened)
        return opened
    }
}
