import CTLSLoader
import Locking

/// libssl, loaded on the first https request and kept: boards that never ask for https never
/// map it (nor libcrypto), which saves the resident pages of both.
enum TLSLibrary {
    static let soname = "libssl.so.3"

    /// The loaded function table's address, or why it could not be loaded.
    enum Loaded: Sendable {
        case library(UInt)
        case failed(String)
    }

    /// A global `let` is initialised on first use, once, thread-safely.
    static let system = open(soname)

    /// Contexts by trust store ("" for the system's), shared by every session. Remade once a
    /// day so that a sign running for months picks up the OS's updated CA bundle.
    private static let contexts = Locked<[String: (address: UInt, made: ContinuousClock.Instant)]>([:])
    static let contextLifetime = Duration.seconds(24 * 3600)

    static func open(_ soname: String) -> Loaded {
        var error = [CChar](repeating: 0, count: 512)
        guard let library = db_tls_open(soname, &error, error.count) else { return .failed(text(error)) }
        return .library(UInt(bitPattern: library))
    }

    static func context(trustStore: String?) throws(HTTPFetchError) -> (library: OpaquePointer, context: UnsafeMutableRawPointer) {
        guard case .library(let bits) = system, let library = OpaquePointer(bitPattern: bits) else {
            if case .failed(let reason) = system { throw .tls(reason) }
            throw .tls("cannot load \(soname)")
        }
        let made: Result<UInt, HTTPFetchError> = contexts.withLock { contexts in
            let key = trustStore ?? ""
            let now = ContinuousClock.now
            if let existing = contexts[key], now - existing.made < contextLifetime { return .success(existing.address) }
            var error = [CChar](repeating: 0, count: 512)
            guard let context = db_tls_context_new(library, trustStore, &error, error.count) else {
                return .failure(.tls(text(error)))
            }
            // Sessions hold their own reference to a context, so the old one goes when its last session does.
            if let old = contexts[key], let pointer = UnsafeMutableRawPointer(bitPattern: old.address) {
                db_tls_context_release(library, pointer)
            }
            contexts[key] = (UInt(bitPattern: context), now)
            return .success(UInt(bitPattern: context))
        }
        guard let context = UnsafeMutableRawPointer(bitPattern: try made.get()) else { throw .tls("no TLS context") }
        return (library, context)
    }
}

/// A NUL-terminated message the C side wrote into `buffer`.
private func text(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// One connection's TLS state. Verification is always on: the certificate must chain to a
/// trusted root and name the host (or IP address) the URL names.
final class TLSSession {
    private let session: OpaquePointer

    init(fd: Int32, host: String, isAddress: Bool, trustStore: String?) throws(HTTPFetchError) {
        let (library, context) = try TLSLibrary.context(trustStore: trustStore)
        var error = [CChar](repeating: 0, count: 512)
        guard let session = db_tls_session_new(library, context, fd, host, isAddress ? 1 : 0, &error, error.count) else {
            throw .tls(text(error))
        }
        self.session = session
    }

    deinit { db_tls_session_free(session) }

    /// DB_TLS_DONE, a DB_TLS_WANT_* code or DB_TLS_FAILED.
    func handshake() -> Int { Int(db_tls_handshake(session)) }

    func read(_ buffer: UnsafeMutableRawBufferPointer) -> Int { db_tls_read(session, buffer.baseAddress, buffer.count) }

    func write(_ bytes: UnsafeRawBufferPointer) -> Int { db_tls_write(session, bytes.baseAddress, bytes.count) }

    /// The last DB_TLS_FAILED as an error: the connection's own (reset, refused) or TLS's.
    var failure: HTTPFetchError {
        let code = db_tls_session_errno(session)
        if code != 0 { return Classification.transferFailure(errno: code) }
        return .tls(String(cString: db_tls_session_error(session)))
    }
}
