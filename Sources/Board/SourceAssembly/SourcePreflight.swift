#if canImport(Glibc)
public import Glibc
#endif
public import BoardConfig
import DeparturesCore
import HTTPFetch

/// What `validate` checks beyond the file itself: the files a board names must be there, or
/// the running board could only ever show "Failed to load departures".
///
/// A missing file is an error. A file this user cannot read, or a key's variable unset in
/// this shell, is a warning: the service runs as another user with its own environment.
public enum SourcePreflight {
    public struct Findings: Sendable, Equatable {
        public var errors: [String] = []
        public var warnings: [String] = []

        public init(errors: [String] = [], warnings: [String] = []) {
            self.errors = errors
            self.warnings = warnings
        }
    }

    public static func check(_ board: BoardFile, environment: (String) -> String? = { getenv($0).map { String(cString: $0) } }) -> Findings
    {
        var findings = Findings()
        let file = board.path
        func needFile(_ path: String, key: String, what: String) {
            if access(path, F_OK) != 0 {
                findings.errors.append("\(file): \(key): \(what) \(path) does not exist")
            } else if access(path, R_OK) != 0 {
                findings.warnings.append("\(file): \(key): \(what) \(path) exists but this user cannot read it (the service's user must)")
            }
        }
        func needSecret(_ source: APIKeySource?, fileKey: String, variableKey: String, what: String) {
            switch source {
            case .file(let path): needFile(path, key: fileKey, what: what)
            case .environment(let name) where environment(name) == nil:
                findings.warnings.append(
                    "\(file): \(variableKey): \(name) is not set here; the service needs it in its environment "
                        + "(deploy/install.sh: /etc/departure-board/environment)")
            default: break
            }
        }
        for (index, source) in board.sources.enumerated() {
            let section = board.sectionName(ofSource: index)
            needSecret(
                source.fetch?.apiKey, fileKey: section + ".api_key_file", variableKey: section + ".api_key_env", what: "the key file")
            if case .file(let path) = source.kindSettings {
                needFile(path, key: section + ".path", what: "the departures file")
            }
        }
        needSecret(board.status?.token, fileKey: "status.token_file", variableKey: "status.token_env", what: "the token file")
        return findings
    }

    /// A proxy variable here that is not a usable proxy URL, for a board whose requests it would
    /// carry: they would all fail naming it. A warning, as the service has its own environment.
    public static func proxyWarnings(_ setup: BoardSetup) -> [String] {
        var warnings: [String] = []
        for one in setup.perSource {
            let source = one.board.source
            let urls: [String?] =
                switch source.kindSettings {
                case .demo, .file: []
                case .api(let api, _): [api.baseURL]
                case .onebusaway(let server, _): [server.baseURL]
                case .siri(let siri, _): [siri.url, siri.situationsURL]
                case .json(let json, _): [JSONMapRequest.filling(json.url, "0")]
                case .gtfs(let gtfs, _): [gtfs.tripUpdatesURL, gtfs.alertsURL, gtfs.vehiclePositionsURL, gtfs.scheduleURL]
                }
            let proxies = one.httpClient.proxy
            for url in urls.compactMap({ $0 }) {
                do {
                    _ = try proxies.proxy(for: url)
                } catch {
                    guard case .invalidURL(let reason) = error else { continue }
                    let warning = "\(setup.board.path): \(reason) (this shell's environment; the service's may differ)"
                    if !warnings.contains(warning) { warnings.append(warning) }
                }
            }
        }
        return warnings
    }
}
