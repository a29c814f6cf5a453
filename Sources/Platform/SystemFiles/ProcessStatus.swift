/// The numeric fields of `/proc/self/status` (`VmRSS`, `VmHWM` in KiB; `Threads`), for the
/// figures the tool reports about itself and the measurements tests and benches take.
public struct ProcessStatus: Sendable {
    public let fields: [String: Int]

    /// This process's status now; nil where procfs is missing (not Linux).
    public static func current() -> ProcessStatus? {
        of(process: "self")
    }

    /// Another process's status ("1234"), e.g. a child `bench` started.
    public static func of(process: String) -> ProcessStatus? {
        guard let bytes = try? BoundedFile.read("/proc/\(process)/status", maxBytes: 64 * 1024) else { return nil }
        return ProcessStatus(text: String(decoding: bytes, as: UTF8.self))
    }

    /// Parses lines such as `VmHWM:\t   31744 kB`; fields without a leading number are skipped.
    public init(text: String) {
        var fields: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let value = line[line.index(after: colon)...].split(whereSeparator: { $0 == " " || $0 == "\t" }).first
            if let number = value.flatMap({ Int($0) }) { fields[String(line[..<colon])] = number }
        }
        self.fields = fields
    }

    public subscript(_ name: String) -> Int? { fields[name] }
}
