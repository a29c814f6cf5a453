/// A font that could not be loaded, pointing at the file and (for text formats) the 1-based line.
///
/// Rendered like a compiler diagnostic so a sign operator can jump straight to the culprit:
/// `Fonts/x.bdf:12: BBX: expected 4 integers, got 'BBX 5 7 0'`.
public struct FontError: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var message: String

    public init(file: String, line: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}
