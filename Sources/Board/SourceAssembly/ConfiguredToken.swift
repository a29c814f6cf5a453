public import BoardConfig
import SystemFiles

/// The access token a board's `status:` section or a hub file names: read when the server
/// starts, so a missing one stops the start. The sign and the hub read it the same way.
public enum ConfiguredToken {
    /// The token named by `token_env`/`token_file` (a board's `status:`, a hub file's top
    /// level: `keyPath` says which); errors name the key, never the token.
    public static func read(
        _ source: APIKeySource?, file: String, keyPath: String,
        environment: [String: String]
    ) throws(AssemblyError) -> String? {
        try read(source, file: file, keyPath: keyPath, environment: { environment[$0] })
    }

    public static func read(
        _ source: APIKeySource?, file: String, keyPath: String,
        environment: (String) -> String?
    ) throws(AssemblyError) -> String? {
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
}
