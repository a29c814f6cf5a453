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
            return .failure(
                ListenAddressProblem("expected host:port with a host, such as 127.0.0.1:8080 or 0.0.0.0:8080; got '\(shown(text))'"))
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
