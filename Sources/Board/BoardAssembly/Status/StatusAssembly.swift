import SourceAssembly
import ProgramSupport
public import BoardConfig
public import BoardRuntime
public import DeparturesCore
public import Logging
import StatusEndpoint
public import StatusLink
import SystemFiles

/// A board's `status:` section as a status server process fed by the sign.
public enum StatusAssembly {
    /// The status server for a board's `status:` section with the token already read: a
    /// child process (departure-board-web) that asks `store` through the sign for every page.
    /// Ages on the page count on the board's clock. Not started yet.
    public static func sidecar(
        _ status: StatusSettings, token: String?, executable: String, store: BoardHealthStore,
        clock: any BoardClock, logger: Logger
    ) -> StatusSidecar {
        let handler = StatusHandler(store: store, version: "\(ProductVersion.version) (\(ProductVersion.commit))", clock: { clock.now })
        let settings = StatusSidecar.Settings(
            executable: executable,
            config: StatusServerConfig(host: status.listen.host, port: status.listen.port, token: token),
            logLevel: logger.logLevel.rawValue,
            address: { port in "\(ListenAddress(host: status.listen.host, port: port))" })
        return StatusSidecar(settings, logger: logger) { request in handler.answer(request) }
    }
}
