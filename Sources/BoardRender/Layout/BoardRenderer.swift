import DeparturesCore
import Framebuffer

/// Turns a board state into a frame: the view of this system.
///
/// `elapsed` is the time since the board started showing; pages and scrolling are pure
/// functions of it, so a frame is reproducible from (state, elapsed) alone.
public struct BoardRenderer: Sendable {
    public let options: LayoutOptions

    public init(options: LayoutOptions) {
        self.options = options
    }

    public func render(_ state: BoardState, elapsed: Duration = .zero) -> Framebuffer {
        draw(state, elapsed: elapsed).frame
    }

    /// The frame, and whether it holds moving text (a ticker, a long headsign that scrolls):
    /// a draw loop must then wake for every step, even while the moving text is out of view.
    public func draw(_ state: BoardState, elapsed: Duration = .zero) -> (frame: Framebuffer, isScrolling: Bool) {
        let size = options.logicalSize
        var canvas = Canvas(frame: Framebuffer(width: size.width, height: size.height, format: options.format),
                            palette: options.palette)
        canvas.clear()
        switch options.style {
        case .rows: RowsLayout(options: options).draw(state, elapsed: elapsed, on: &canvas)
        case .ticker: TickerLayout(options: options).draw(state, elapsed: elapsed, on: &canvas)
        }
        return (Rotation.rotate(canvas.frame, clockwiseDegrees: options.rotation), canvas.isScrolling)
    }

    /// How many pages the rows of `state` take (1 for screens without rows and for tickers).
    public func pageCount(for state: BoardState) -> Int {
        options.style == .rows ? RowsLayout(options: options).pageCount(state) : 1
    }
}

/// Renders successive frames and reports what changed since the previous one.
public struct FrameSequence: Sendable {
    public let renderer: BoardRenderer
    public private(set) var previous: Framebuffer?
    /// Whether the last frame held moving text.
    public private(set) var isScrolling = false

    public init(renderer: BoardRenderer) {
        self.renderer = renderer
    }

    /// The next frame and the rectangles that differ from the last one returned.
    public mutating func next(_ state: BoardState, elapsed: Duration) -> (frame: Framebuffer, damage: [Rect]) {
        let (frame, scrolling) = renderer.draw(state, elapsed: elapsed)
        isScrolling = scrolling
        let damage = Damage.rects(from: previous, to: frame)
        previous = frame
        return (frame, damage)
    }
}
