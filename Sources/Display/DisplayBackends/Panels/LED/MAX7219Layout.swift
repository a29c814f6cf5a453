/// Where each 8×8 module of a MAX7219 chain sits in the frame and how it is turned.
///
/// Module reference orientation (rotation `.r0`) is the FC-16 one: digit register 1 is the
/// top row, digit 8 the bottom row, and bit D7 of a digit is the LEFTMOST LED, so an unrotated
/// module's row byte equals the `.mono` frame byte (MSB = leftmost pixel).
/// Chain index 0 is the module nearest the MCU (wired to DIN).
public struct MAX7219Layout: Sendable, Equatable {
    /// Which end of a row the chain enters.
    public enum Side: Sendable, Equatable { case left, right }

    /// Clockwise turn of a module relative to the reference orientation; boards differ.
    public enum Rotation: Int, Sendable, Equatable, CaseIterable {
        case r0 = 0, r90 = 90, r180 = 180, r270 = 270
    }

    /// One module's cell in the grid of modules (column, row from the top-left) and its turn.
    public struct Placement: Sendable, Equatable, Hashable {
        public var column: Int
        public var row: Int
        public var rotation: Rotation
        public init(column: Int, row: Int, rotation: Rotation = .r0) {
            self.column = column
            self.row = row
            self.rotation = rotation
        }
    }

    /// Indexed by chain position (0 = nearest DIN).
    public let placements: [Placement]
    /// Size of the module grid.
    public let columns: Int
    public let rows: Int

    public var modules: Int { placements.count }
    public var width: Int { columns * 8 }
    public var height: Int { rows * 8 }

    /// A grid of `modules` in `rows` equal rows. The chain enters the top row at
    /// `firstModule`; later rows start at the same side unless `serpentine` (zig-zag wiring,
    /// each row reverses). `rotation` applies to every module; `rotations` (one per chain
    /// index) overrides it. Nil when the counts do not make a grid.
    public init?(
        modules: Int, rows: Int = 1, firstModule: Side = .right, serpentine: Bool = false,
        rotation: Rotation = .r0, rotations: [Rotation]? = nil
    ) {
        guard modules >= 1, rows >= 1, modules % rows == 0,
            rotations == nil || rotations?.count == modules
        else { return nil }
        let perRow = modules / rows
        var list: [Placement] = []
        for index in 0..<modules {
            let row = index / perRow, step = index % perRow
            let fromLeft = (firstModule == .left) != (serpentine && row % 2 == 1)
            list.append(
                Placement(
                    column: fromLeft ? step : perRow - 1 - step, row: row,
                    rotation: rotations?[index] ?? rotation))
        }
        placements = list
        columns = perRow
        self.rows = rows
    }

    /// Any arrangement: `placements[i]` is chain module i. Nil unless the cells exactly fill
    /// a `columns` × `rows` grid, each cell once.
    public init?(placements: [Placement]) {
        guard !placements.isEmpty else { return nil }
        let columns = (placements.map(\.column).max() ?? 0) + 1
        let rows = (placements.map(\.row).max() ?? 0) + 1
        let cells = Set(placements.map { [$0.column, $0.row] })
        guard placements.allSatisfy({ $0.column >= 0 && $0.row >= 0 }),
            cells.count == placements.count, columns * rows == placements.count
        else { return nil }
        self.placements = placements
        self.columns = columns
        self.rows = rows
    }

    /// The frame pixel lit by LED (`digit` 0…7 = register 1…8, `bit` 7…0 = D7…D0) of chain
    /// module `module`. Rotation turns the module's picture clockwise.
    public func framePoint(module: Int, digit: Int, bit: Int) -> (x: Int, y: Int) {
        let place = placements[module]
        let (r, c) = (digit, 7 - bit)  // reference: D7 leftmost, digit 1 on top
        let local: (x: Int, y: Int)
        switch place.rotation {
        case .r0: local = (c, r)
        case .r90: local = (7 - r, c)
        case .r180: local = (7 - c, 7 - r)
        case .r270: local = (r, 7 - c)
        }
        return (place.column * 8 + local.x, place.row * 8 + local.y)
    }
}
