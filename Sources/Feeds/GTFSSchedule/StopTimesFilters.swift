import CSVStream

/// What the two passes over stop_times.txt can tell from a row's bytes before any field
/// becomes a String: most rows of a large feed are at other stops, of other trips.
///
/// A filter skips a row only where the String path would pass over it too, without an
/// error. A row it cannot be sure of (a space around a value, a non-ASCII id, an empty
/// stop_id, a malformed value) takes that path, which keeps every check and message.
/// Quoted fields arrive unquoted, as the String path sees them.
struct BoardRowFilter {
    let trip, stop, sequence, departure: Int
    let arrival: Int?
    /// nil when a board stop's id is not ASCII: every row then takes the String path.
    let stops: ASCIIIDSet?

    /// A row the first pass would check and leave: not at a board stop, with a trip, a
    /// stop_sequence and times (or blanks) that pass the String path's checks.
    func skips(_ row: CSVFields) -> Bool {
        guard let stops else { return false }
        let stopID = row[stop]
        guard isBareASCII(stopID), !stops.contains(stopID) else { return false }
        guard startsWithText(row[trip]), GTFSValues.wholeNumber(bytes: row[sequence]) != nil else { return false }
        return isTimeOrBlank(row[departure]) && (arrival.map { isTimeOrBlank(row[$0]) } ?? true)
    }
}

/// The second pass: rows of trips that never call at a board stop.
struct TripRowFilter {
    let trip: Int
    /// nil when a kept trip's id is not ASCII.
    let trips: ASCIIIDSet?

    func skips(_ row: CSVFields) -> Bool {
        guard let trips else { return false }
        let tripID = row[trip]
        // An empty trip_id is no kept trip's (the first pass refused it anyway).
        return tripID.isEmpty || isBareASCII(tripID) && !trips.contains(tripID)
    }
}

private let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")

/// ASCII with no space or tab at either end: the String path reads exactly these bytes.
private func isBareASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard let first = bytes.first, let last = bytes.last, first != space, first != tab, last != space, last != tab else {
        return false
    }
    return bytes.allSatisfy { $0 < 0x80 }
}

/// Not empty once trimmed: it starts with a character no trimming removes.
private func startsWithText(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard let first = bytes.first else { return false }
    return first < 0x80 && first != space && first != tab
}

private func isTimeOrBlank(_ bytes: UnsafeRawBufferPointer) -> Bool {
    bytes.isEmpty || GTFSValues.seconds(bytes: bytes) != nil
}
