import BoardConfig
import BoardRuntime
import DeparturesCore
import Logging
import StatusEndpoint
import StatusLink
import SystemFiles

/// A board's `status:` section as a status server process fed by the sign, and the token it asks for.
public enum StatusAssembly {
    /// The token named by `token_env`/`token_file` (a board's `status:`, a hub file's top
    /// level: `keyPath` says which); errors name the key, never the token.
    public static func token(_ source: APIKeySource?, file: String, keyPath: String,
                             environment: [String: String]) throws(AssemblyError) -> String? {
        try token(source, file: file, keyPath: keyPath, environment: { environment[$0] })
    }

    public static func token(_ source: APIKeySource?, file: String, keyPath: String,
                             environment: (String) -> String?) throws(AssemblyError) -> String? {
        let prefix = keyPath.isEmpty ? "" : keyPath + "."
        switch source {
        case nil:
            return nil
        case .environment(let name):
            guard let value = environment(name) else {
                throw AssemblyError(.boardFile, "\(file): \(prefix)token_env: environment variable \(name) is not set")
            }
            guard let token = SecretText.trimmed(value) else {
                throw AssemblyError(.boardFile, "\(file): \(prefix)token_env: environment variable \(name) is empty")
            }
            return token
        case .file(let path):
            let bytes: [UInt8]
            do {
                bytes = try BoundedFile.read(path, maxBytes: 64 * 1024)
            } catch {
                throw AssemblyError(.io, "\(file): \(prefix)token_file: cannot read \(path): \(error)")
            }
            guard let token = SecretText.trimmed(String(decoding: bytes, as: UTF8.self)) else {
                throw AssemblyError(.boardFile, "\(file): \(prefix)token_file: \(path) is empty")
            }
            return token
        }
    }

    /// The status server for a board's `status:` section with the token already read: a
    /// child process (departure-board-web) that asks `store` through the sign for every page.
    /// Ages on the page count on the board's clock. Not started yet.
    public static func sidecar(_ status: StatusSettings, token: String?, executable: String, store: BoardHealthStore,
                               clock: any BoardClock, logger: Logger) -> StatusSidecar {
        let handler = StatusHandler(store: store, version: "\(ProductVersion.version) (\(ProductVersion.commit))", clock: { clock.now })
        let settings = StatusSidecar.Settings(executable: executable,
                                              config: StatusServerConfig(host: status.listen.host, port: status.listen.port, token: token),
                                              logLevel: logger.logLevel.rawValue,
                                              address: { port in "\(ListenAddress(host: status.listen.host, port: port))" })
        return StatusSidecar(settings, logger: logger) { request in handler.answer(request) }
    }
}
