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
    static func listenAndToken(
        _ section: Section, boardPath: String, defaultPort: Int,
        exposed: String = "the page shows the sign"
    ) throws(BoardFileError) -> StatusSettings {
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
            throw Section.error(
                section.file, section.valueMark("listen") ?? section.mark, key,
                "required when listen is not a loopback address (\(settings.listen)): \(exposed) to anyone who can reach it. Name an environment variable (token_env) or a file (token_file) holding a token, never the token itself"
            )
        }
        return settings
    }
}
