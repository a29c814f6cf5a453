import DeparturesCore
import Framebuffer

/// How full a vehicle is, drawn in pixels that read on every panel, grey or not:
/// one to three figures (seats, few seats, standing), in the delay colour when there is no
/// more room; or, for a train with per-carriage data, its carriages front (left, the
/// pointed one) to back, each filled from the floor up as it fills.
struct CrowdingPictures {
    /// Pixels per dot of the pictures: they grow with the font in whole steps, so they stay sharp.
    let scale: Int
    /// The picture's height in pixels: the font's capitals.
    let height: Int

    init(font: any Font) {
        scale = max(1, font.ascent / 7)
        height = 7 * scale
    }

    // MARK: Figures

    /// A person, 3×7 dots: head, arms, body, legs.
    private static let figure = [".#.", "...", "###", ".#.", ".#.", "#.#", "#.#"]

    static func figures(_ level: Occupancy) -> Int {
        switch level.load {
        case 0, 1: return 1
        case 2: return 2
        default: return 3
        }
    }

    /// The widest picture of figures: three, a dot apart.
    var figuresWidth: Int { (3 * 3 + 2) * scale }

    /// Drawn right-aligned at `right`.
    func drawFigures(_ level: Occupancy, right: Int, top: Int, on canvas: inout Canvas) {
        let count = Self.figures(level)
        let color: LogicalColor = level.load >= 4 ? .delay : .text
        var x = right - (count * 3 + (count - 1)) * scale
        for _ in 0..<count {
            draw(Self.figure, x: x, y: top, color, on: &canvas)
            x += 4 * scale
        }
    }

    // MARK: Carriages

    /// One carriage: 5 dots wide, a dot apart.
    func carriagesWidth(_ count: Int) -> Int { count > 0 ? (count * 6 - 1) * scale : 0 }

    /// Each carriage an outline filled from the floor up by its load; unknown ones dimmed.
    func drawCarriages(_ carriages: [Occupancy?], right: Int, top: Int, on canvas: inout Canvas) {
        var x = right - carriagesWidth(carriages.count)
        for (index, carriage) in carriages.enumerated() {
            let color: LogicalColor = carriage == nil ? .dimText : (carriage!.load >= 3 ? .delay : .text)
            let box = Rect(x: x, y: top, width: 5 * scale, height: height)
            // The outline, its top-left corner cut on the leading carriage: the front.
            canvas.fill(
                Rect(x: box.x + (index == 0 ? 2 * scale : 0), y: box.y, width: box.width - (index == 0 ? 2 * scale : 0), height: scale),
                color)
            if index == 0 { canvas.fill(Rect(x: box.x + scale, y: box.y + scale, width: scale, height: scale), color) }
            canvas.fill(Rect(x: box.x, y: box.maxY - scale, width: box.width, height: scale), color)
            canvas.fill(
                Rect(x: box.x, y: box.y + (index == 0 ? 2 * scale : 0), width: scale, height: box.height - (index == 0 ? 2 * scale : 0)),
                color)
            canvas.fill(Rect(x: box.maxX - scale, y: box.y, width: scale, height: box.height), color)
            if let carriage {
                // Five dots of floor to roof inside the outline; a full one is solid.
                let inner = height - 2 * scale
                let filled = inner * carriage.load / 4
                canvas.fill(Rect(x: box.x + scale, y: box.maxY - scale - filled, width: box.width - 2 * scale, height: filled), color)
            }
            x += 6 * scale
        }
    }

    private func draw(_ dots: [String], x: Int, y: Int, _ color: LogicalColor, on canvas: inout Canvas) {
        for (row, line) in dots.enumerated() {
            for (column, dot) in line.enumerated() where dot == "#" {
                canvas.fill(Rect(x: x + column * scale, y: y + row * scale, width: scale, height: scale), color)
            }
        }
    }
}
