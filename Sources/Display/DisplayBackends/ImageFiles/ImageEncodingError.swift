@_exported import enum PanelCatalog.ImageFormat

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
