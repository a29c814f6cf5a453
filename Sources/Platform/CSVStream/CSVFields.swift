/// A row's fields as bytes, lent by `CSVRowReader.withFields`: valid only inside that call.
public struct CSVFields {
    private let bytes: UnsafeRawBufferPointer
    private let ends: UnsafeBufferPointer<Int>
    private let gap: Int

    init(bytes: UnsafeRawBufferPointer, ends: UnsafeBufferPointer<Int>, gap: Int) {
        self.bytes = bytes
        self.ends = ends
        self.gap = gap
    }

    public var count: Int { ends.count }

    /// The field's bytes as read (quotes undone, spaces kept); empty past the row's end.
    public subscript(index: Int) -> UnsafeRawBufferPointer {
        guard index >= 0, index < ends.count else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(rebasing: bytes[Self.range(index, ends: ends, gap: gap)])
    }

    /// Where field `index` lies in its row's bytes: a row read by the plain-line scan keeps
    /// its commas, so each field starts `gap` (1) bytes after the one before ends.
    static func range<Ends: RandomAccessCollection<Int>>(_ index: Int, ends: Ends, gap: Int) -> Range<Int>
    where Ends.Index == Int {
        (index == 0 ? 0 : ends[index - 1] + gap)..<ends[index]
    }
}
