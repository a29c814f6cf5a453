import DisplayBackends
import Framebuffer

/// Splits a 4-wire SPI trace into controller commands for the e-paper emulators.
///
/// Fixed-size commands run as soon as their last data byte arrives; commands with a range of
/// sizes run when the next operation starts; RAM writes stream their bytes as they come,
/// since they may be split over many SPI transfers.
struct EPaperCommandDecoder: Sendable {
    enum Event: Equatable, Sendable {
        /// A complete command with its data.
        case command(UInt8, [UInt8])
        /// A RAM write command began: its pointer resets to the window start.
        case ramStart(UInt8)
        /// Data bytes for the current RAM write.
        case ramData(UInt8, [UInt8])
    }

    let controller: String
    /// Data byte counts each known command takes.
    let arguments: [UInt8: ClosedRange<Int>]
    let ramWrites: Set<UInt8>
    private var current: UInt8?
    private var data: [UInt8] = []

    init(controller: String, arguments: [UInt8: ClosedRange<Int>], ramWrites: Set<UInt8>) {
        self.controller = controller
        self.arguments = arguments
        self.ramWrites = ramWrites
    }

    /// Feeds one SPI transfer; other operations go through `flush` first.
    mutating func feed(dc: Int?, bytes: [UInt8]) throws(EmulationError) -> [Event] {
        switch dc {
        case 0?:
            var events: [Event] = []
            for code in bytes {
                events += try flush()
                if ramWrites.contains(code) {
                    current = code
                    events.append(.ramStart(code))
                    continue
                }
                guard let range = arguments[code] else {
                    throw EmulationError("\(controller): unknown command \(epaperHex(code))")
                }
                if range.upperBound == 0 {
                    events.append(.command(code, []))
                } else {
                    current = code
                }
            }
            return events
        case 1?:
            guard let code = current else {
                throw EmulationError("\(controller): \(bytes.count) data byte(s) with no command before them")
            }
            if ramWrites.contains(code) { return [.ramData(code, bytes)] }
            data += bytes
            let range = arguments[code] ?? 0...0
            if data.count > range.upperBound {
                throw EmulationError(
                    "\(controller): command \(epaperHex(code)) takes at most \(range.upperBound) data bytes, got \(data.count)")
            }
            return data.count == range.upperBound ? try flush() : []
        default:
            throw EmulationError("\(controller): SPI transfer without a D/C level; the controller needs 4-wire SPI")
        }
    }

    /// Ends the command in progress (before a new command or a non-SPI operation).
    mutating func flush() throws(EmulationError) -> [Event] {
        defer { current = nil; data = [] }
        guard let code = current, !ramWrites.contains(code) else { return [] }
        let range = arguments[code] ?? 0...0
        guard range.contains(data.count) else {
            throw EmulationError("\(controller): command \(epaperHex(code)) needs \(range) data bytes, got \(data.count)")
        }
        return [.command(code, data)]
    }
}

func epaperHex(_ byte: UInt8) -> String {
    "0x" + Hex.encode([byte]).uppercased()
}

/// A 1-bpp RAM plane, rows of whole bytes, MSB = lowest x.
struct EPaperPlane: Sendable, Equatable {
    let bytesPerRow: Int
    let rows: Int
    var bytes: [UInt8]

    init(bytesPerRow: Int, rows: Int, fill: UInt8) {
        self.bytesPerRow = bytesPerRow
        self.rows = rows
        self.bytes = [UInt8](repeating: fill, count: bytesPerRow * rows)
    }

    func bit(x: Int, y: Int) -> Bool {
        bytes[y * bytesPerRow + x / 8] & (0x80 >> UInt8(x % 8)) != 0
    }

    mutating func set(byteColumn: Int, row: Int, _ value: UInt8) throws(EmulationError) {
        guard (0..<bytesPerRow).contains(byteColumn), (0..<rows).contains(row) else {
            throw EmulationError("RAM write outside the RAM at byte column \(byteColumn), row \(row)")
        }
        bytes[row * bytesPerRow + byteColumn] = value
    }
}

/// What an emulated e-paper screen shows: one `.bwr` value per pixel, row by row.
enum EPaperScreen {
    static func frame(_ visible: [UInt8], width: Int, height: Int) -> Framebuffer {
        var frame = Framebuffer(width: width, height: height, format: .bwr)
        for y in 0..<height {
            for x in 0..<width where visible[y * width + x] != 0 {
                frame[x, y] = PixelValue(UInt32(visible[y * width + x]))
            }
        }
        return frame
    }
}
