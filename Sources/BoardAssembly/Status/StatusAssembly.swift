import BoardConfig
import BoardRuntime
import DeparturesCore
import Logging
import StatusEndpoint
import SystemFiles
import WebServer

/// A board's `status:` section as a running server, and the token it asks for.
public enum StatusAssembly {
    /// The token named by `token_env`/`token_file` (a board's `status:`, a hub file's top
    /// level: `keyPath` says which); errors name the key, never the token.
    public static func token(_ source: APIKeySource?, file: String, keyPath: String,
                             environment: [String: String]) throws(AssemblyError) -> AccessToken? {
        try token(source, file: file, keyPath: keyPath, environment: { environment[$0] })
    }

    public static func token(_ source: APIKeySource?, file: String, keyPath: String,
                             environment: (String) -> String?) throws(AssemblyError) -> AccessToken? {
        let prefix = keyPath.isEmpty ? "" : keyPath + "."
        switch source {
        case nil:
            return nil
        case .environment(let name):
            guard let value = environment(name) else {
                throw AssemblyError(.boardFile, "\(file): \(prefix)token_env: environment variable \(name) is not set")
            }
            guard let token = AccessToken(value) else {
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
            guard let token = AccessToken(String(decoding: bytes, as: UTF8.self)) else {
                throw AssemblyError(.boardFile, "\(file): \(prefix)token_file: \(path) is empty")
            }
            return token
        }
    }

    public static func serverSettings(_ status: StatusSettings, token: AccessToken?) -> ServerSettings {
        // A phone or two and a Prometheus scraper: a handful of connections is plenty.
        ServerSettings(host: status.listen.host, port: status.listen.port, token: token, maxConnections: 16)
    }

    /// Starts the status server for a board's `status:` section with the token already read;
    /// it reads `store` and nothing else of the board. Ages on the page count on the board's clock.
    public static func start(_ status: StatusSettings, token: AccessToken?, boardPath: String, store: BoardHealthStore,
                             clock: any BoardClock, logger: Logger) async throws(AssemblyError) -> RunningWebServer {
        let handler = StatusHandler(store: store, version: "\(ProductVersion.version) (\(ProductVersion.commit))", clock: { clock.now })
        do {
            let server = try await WebServing.start(serverSettings(status, token: token), handler: handler, logger: logger)
            var shown = status.listen
            shown.port = server.port
            logger.info("status page at http://\(shown)/", metadata: ["token": "\(token == nil ? "none (loopback)" : "required")"])
            return server
        } catch {
            throw AssemblyError(.io, "\(boardPath): status.listen: \(error.description)")
        }
    }
}
