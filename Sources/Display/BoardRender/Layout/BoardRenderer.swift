public import DeparturesCore
public import Framebuffer

/// Turns a board state into a frame: the one place a board is drawn, whatever the output
/// (`render`, `run` and `bench` all take their frames from it).
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
        var canvas = Canvas(
            frame: Framebuffer(width: size.width, height: size.height, format: options.format),
            palette: options.palette)
        canvas.clear()
        switch options.style {
        case .rows: RowsLayout(options: options).draw(state, elapsed: elapsed, on: &canvas)
        case .ticker: TickerLayout(options: options).draw(state, elapsed: elapsed, on: &canvas)
        }
        return (Rotation.rotate(canvas.frame, clockwiseDegrees: options.rotation), canvas.isScrolling)
    }

    /// Every text the frame at `elapsed` draws, with its box, colours and what is visible.
    public func layout(_ state: BoardState, elapsed: Duration = .zero) -> LayoutReport {
        let size = options.logicalSize
        var canvas = Canvas(
            frame: Framebuffer(width: size.width, height: size.height, format: options.format),
            palette: options.palette)
        canvas.texts = []
        canvas.clear()
        switch options.style {
        case .rows: RowsLayout(options: options).draw(state, elapsed: elapsed, on: &canvas)
        case .ticker: TickerLayout(options: options).draw(state, elapsed: elapsed, on: &canvas)
        }
        return LayoutReport(width: size.width, height: size.height, format: options.format, texts: canvas.texts ?? [])
    }

    /// A ticker's whole message as the frames its panel shows one after another, each a
    /// panel's width further along, laid out left to right in rows about 128 pixels wide with
    /// a dark pixel between frames: a preview that reads, where one frame shows a few letters.
    /// At most `maxRows` rows (the first departures of a long message). nil for the row
    /// layout, whose one frame is its preview.
    public func tickerStrip(_ state: BoardState, maxRows: Int = 6) -> Framebuffer? {
        guard options.style == .ticker else { return nil }
        let ticker = TickerLayout(options: options)
        let perRowAtMost = max(1, 128 / options.logicalSize.width)
        let frames = (0..<min(ticker.frameCount(state), perRowAtMost * max(1, maxRows))).map { index in
            let size = options.logicalSize
            var canvas = Canvas(
                frame: Framebuffer(width: size.width, height: size.height, format: options.format),
                palette: options.palette)
            canvas.clear()
            ticker.draw(state, offset: index * size.width, on: &canvas)
            return Rotation.rotate(canvas.frame, clockwiseDegrees: options.rotation)
        }
        let frameWidth = frames[0].width, frameHeight = frames[0].height, gap = 1
        let perRow = max(1, min(frames.count, 128 / frameWidth))
        let rows = (frames.count + perRow - 1) / perRow
        var strip = Framebuffer(
            width: perRow * (frameWidth + gap) - gap, height: rows * (frameHeight + gap) - gap,
            format: options.format)
        var background = Canvas(frame: strip, palette: options.palette)
        background.clear()
        strip = background.frame
        for (index, frame) in frames.enumerated() {
            let left = (index % perRow) * (frameWidth + gap), top = (index / perRow) * (frameHeight + gap)
            for y in 0..<frameHeight {
                for x in 0..<frameWidth { strip[left + x, top + y] = frame[x, y] }
            }
        }
        return strip
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
