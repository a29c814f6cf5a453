/// `host:port` a server binds to: `127.0.0.1:8080`, `[::1]:8080`, `0.0.0.0:8080`, `localhost:8080`.
public struct ListenAddress: Sendable, Equatable, CustomStringConvertible {
    /// Without brackets for IPv6.
    public var host: String
    /// 0 lets the system pick a free port (the log says which).
    public var port: Int

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// The address, or nil with the reason in `problem`.
    public static func parse(_ text: String) -> Result<ListenAddress, ListenAddressProblem> {
        guard let colon = text.lastIndex(of: ":") else {
            return .failure(ListenAddressProblem("expected host:port, such as 127.0.0.1:8080; got '\(shown(text))'"))
        }
        var host = String(text[..<colon])
        let portText = text[text.index(after: colon)...]
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty, !Validators.hasControlOrSpace(host), !host.contains("/") else {
            return .failure(ListenAddressProblem("expected host:port with a host, such as 127.0.0.1:8080 or 0.0.0.0:8080; got '\(shown(text))'"))
        }
        if host.contains(":") && !text.hasPrefix("[") {
            return .failure(ListenAddressProblem("write IPv6 addresses in brackets, such as [::1]:8080; got '\(shown(text))'"))
        }
        guard let port = Int(portText), (0...65535).contains(port) else {
            return .failure(ListenAddressProblem("port must be 0 to 65535; got '\(shown(String(portText)))'"))
        }
        return .success(ListenAddress(host: host, port: port))
    }

    /// Only this machine can connect: 127.0.0.0/8, ::1 or localhost.
    public var isLoopback: Bool {
        let lowered = host.lowercased()
        if lowered == "localhost" || lowered == "::1" || lowered == "0:0:0:0:0:0:0:1" { return true }
        let parts = lowered.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}

public struct ListenAddressProblem: Error, Equatable {
    public var message: String
    init(_ message: String) { self.message = message }
}

/// The board file's `status:` section: the sign's own status page and metrics.
public struct StatusSettings: Sendable, Equatable {
    public var listen: ListenAddress
    /// Where the access token comes from; required unless `listen` is loopback.
    public var token: APIKeySource?

    public init(listen: ListenAddress = ListenAddress(host: "127.0.0.1", port: 8080), token: APIKeySource? = nil) {
        self.listen = listen
        self.token = token
    }
}

enum StatusSchema {
    static let status = SectionSchema(keys: ["listen", "token_env", "token_file"])

    /// Shared by the board's `status:` and the hub file's top level: listen + token keys.
    /// `exposed` says what anyone could reach without a token.
    static func listenAndToken(_ section: Section, boardPath: String, defaultPort: Int,
                               exposed: String = "the page shows the sign") throws(BoardFileError) -> StatusSettings {
        var settings = StatusSettings(listen: ListenAddress(host: "127.0.0.1", port: defaultPort))
        if let text = try section.string("listen") {
            switch ListenAddress.parse(text) {
            case .success(let address): settings.listen = address
            case .failure(let problem): throw section.error("listen", problem.message)
            }
        }
        settings.token = try BoardSchema.secretSource(section, variableKey: "token_env", fileKey: "token_file", boardPath: boardPath)
        if settings.token == nil && !settings.listen.isLoopback {
            let key = section.keyPath("token_env")
            throw Section.error(section.file, section.valueMark("listen") ?? section.mark, key,
                                "required when listen is not a loopback address (\(settings.listen)): \(exposed) to anyone who can reach it. Name an environment variable (token_env) or a file (token_file) holding a token, never the token itself")
        }
        return settings
    }
}
