/// An integer pixel rectangle; `maxX`/`maxY` are exclusive so `x..<maxX` walks its columns.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// What `intersection` returns when nothing overlaps, so callers test `isEmpty` rather than an optional.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var area: Int { isEmpty ? 0 : width * height }
    /// Saturating, so absurd rects from callers clip instead of trapping.
    public var maxX: Int { Rect.saturatingAdd(x, width) }
    public var maxY: Int { Rect.saturatingAdd(y, height) }

    public func intersection(_ other: Rect) -> Rect {
        guard !isEmpty, !other.isEmpty else { return .zero }
        let x0 = Swift.max(x, other.x), y0 = Swift.max(y, other.y)
        let x1 = Swift.min(maxX, other.maxX), y1 = Swift.min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return .zero }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Smallest rect holding both; empty rects are ignored rather than stretching the result to the origin.
    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = Swift.min(x, other.x), y0 = Swift.min(y, other.y)
        let x1 = Swift.max(maxX, other.maxX), y1 = Swift.max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func contains(x px: Int, y py: Int) -> Bool {
        !isEmpty && px >= x && px < maxX && py >= y && py < maxY
    }

    public var description: String { "Rect(x: \(x), y: \(y), width: \(width), height: \(height))" }

    private static func saturatingAdd(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? Int.max : Int.min) : sum
    }
}
