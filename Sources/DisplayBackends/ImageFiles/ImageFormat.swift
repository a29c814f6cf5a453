/// Image files a frame can be saved as: PNG for humans and CI artefacts, PPM/PGM for trivially diffable dumps.
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

public enum ImageEncodingError: Error, Equatable, CustomStringConvertible {
    /// Image formats cannot hold a 0×0 picture.
    case emptyFrame
    /// The frame is too large for a PNG chunk or zlib's size types.
    case frameTooLarge
    /// zlib returned this error code.
    case compressionFailed(code: Int32)

    public var description: String {
        switch self {
        case .emptyFrame: "frame has no pixels"
        case .frameTooLarge: "frame too large to encode"
        case .compressionFailed(let code): "zlib compression failed (code \(code))"
        }
    }
}
