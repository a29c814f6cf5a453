public import SourceAssembly
public import BoardConfig
public import BoardRender
import DeparturesCore
public import HTTPFetch

/// A board file read and checked end to end — zone loaded, fonts found and parsed — with no
/// device opened, so a reload can check a new file while the running board holds its devices.
public struct CheckedBoard: Sendable {
    public let setup: BoardSetup
    public let layout: LayoutOptions

    public var board: BoardFile { setup.board }

    public init(path: String?, proxyEnvironment: ProxyEnvironment = ProxyEnvironment()) throws(AssemblyError) {
        try self.init(BoardSetup(path: path, proxyEnvironment: proxyEnvironment))
    }

    public init(_ setup: BoardSetup) throws(AssemblyError) {
        self.setup = setup
        layout = try LayoutAssembly.options(for: setup.board)
    }

    public var renderer: BoardRenderer { BoardRenderer(options: layout) }

    /// Settings the display has no room for (`rows: 9` on 64 px), each a line to warn with.
    public var warnings: [String] { LayoutAssembly.warnings(for: board, renderer: renderer) }
}
