// Fuzz target: CSV as the GTFS import reads it, twice: with the plain-line scan (rows
// without quotes split in one pass) and with every row through the state machine. Both
// must give the same rows, lines and error.
//
// Input framing: byte 0 picks the caps and the buffer (small ones, so inputs reach them),
// byte 1 how many bytes the source hands out at a time; the rest is the CSV.
import CSVStream
import FuzzSupport

/// Everything a reader gives: each row's line and fields' bytes, then how it ended.
func transcript(_ csv: [UInt8], limits: CSVLimits, chunk: Int, plainLines: Bool) -> [String] {
    var reader = CSVRowReader(source: CSVBytes(csv, chunk: chunk), limits: limits)
    reader.scansPlainLines = plainLines
    var lines: [String] = []
    var line = 0
    do {
        while try reader.next() {
            precondition(reader.line > line && reader.count <= limits.maxFields, "a row breaks a cap or goes back a line")
            line = reader.line
            let fields = (0..<reader.count).map { Array(reader.fieldBytes($0)) }
            let lent = reader.withFields { row in (0..<row.count).map { Array(row[$0]) } }
            precondition(fields == lent, "withFields lends other bytes than fieldBytes")
            precondition(fields.allSatisfy { $0.count <= limits.maxFieldBytes }, "a field over the cap")
            lines.append("\(reader.line): \(fields)")
        }
        lines.append("end")
    } catch {
        lines.append("error \(error)")
    }
    return lines
}

func fuzzOne(_ bytes: [UInt8]) {
    guard bytes.count >= 2 else { return }
    let shape = Int(bytes[0]), chunk = 1 + Int(bytes[1])
    let limits =
        shape == 0
        ? .standard
        : CSVLimits(maxFieldBytes: 1 + shape % 37, maxRowBytes: 1 + shape % 101, maxFields: 1 + shape % 13, bufferBytes: 4 + shape % 61)
    let csv = Array(bytes.dropFirst(2))
    let plain = transcript(csv, limits: limits, chunk: chunk, plainLines: true)
    let machine = transcript(csv, limits: limits, chunk: chunk, plainLines: false)
    precondition(plain == machine, "the plain-line scan reads \(plain), the state machine \(machine)")
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput") public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzSupport.run(fuzzOne, data, size)
}
#else
let replayed: Never = FuzzSupport.replayMain(fuzzOne)
#endif
