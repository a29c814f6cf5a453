import DisplayBackends
import SystemFiles
import SourceAssembly

/// The formats `render --output` writes, picked by the file's extension; `-` draws the
/// board on the terminal.
enum OutputFormat: Equatable {
    case json
    /// `X.layout.json`: every text the frame draws (`LayoutReport`).
    case layout
    case txt
    case image(ImageFormat)
    case terminal

    init(path: String) throws(CLIFailure) {
        if path == "-" {
            self = .terminal
            return
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
            throw CLIFailure(.usage, "\(path): no extension; use one of \(Self.supportedList), or - for the terminal")
        }
        let ext = name[name.index(after: dot)...].lowercased()
        switch ext {
        case "json" where name.lowercased().hasSuffix(".layout.json"): self = .layout
        case "json": self = .json
        case "txt": self = .txt
        default:
            guard let image = ImageFormat(pathExtension: ext) else {
                throw CLIFailure(
                    .usage, "\(path): '.\(ext)' is not an output format; use one of \(Self.supportedList), or - for the terminal")
            }
            self = .image(image)
        }
    }

    static var supportedList: String {
        (["json", "layout.json", "txt"] + ImageFormat.allCases.map(\.rawValue)).map { "." + $0 }.joined(separator: ", ")
    }
}

/// Writes a file whole or not at all, so a program watching the path never reads half a
/// frame; failures are I/O errors naming the path.
enum OutputFile {
    static func write(_ text: String, to path: String) throws(CLIFailure) {
        try write(Array(text.utf8), to: path)
    }

    static func write(_ bytes: [UInt8], to path: String) throws(CLIFailure) {
        do {
            try AtomicFile.write(bytes, to: path)
        } catch {
            throw CLIFailure(.ioError, error.description)
        }
    }
}
