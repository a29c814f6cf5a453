/// Image files a frame can be saved as: PNG for humans and CI artefacts, PPM/PGM for trivially diffable dumps.
/// Here, beside the panels, because a board's `output.driver: image` is checked against it too.
public enum ImageFormat: String, CaseIterable, Sendable {
    case png
    case ppm
    case pgm

    /// From a file extension without the dot, any case ("PNG", "ppm").
    public init?(pathExtension: String) {
        self.init(rawValue: pathExtension.lowercased())
    }

    /// From the extension of a path ("/tmp/board.png"); nil when there is none or it is unknown.
    public init?(path: String) {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        self.init(pathExtension: String(name[name.index(after: dot)...]))
    }
}
