#if canImport(Glibc)
import Glibc
#endif

/// A fixed set of ids asked about by their bytes: the import's hot loops look up each row's
/// stop or trip id without making a String of it.
///
/// ASCII ids only, where equal bytes mean equal Strings: Swift compares Strings by
/// canonical equivalence, under which a non-ASCII id can equal other bytes (the Kelvin
/// sign equals `K`), so `init` refuses a set holding one. Open addressing in a power-of-two
/// table at most half full, hashed by Swift's `Hasher`, whose seed differs in every process,
/// so a feed cannot choose ids that pile up in one run of slots. Most ids asked about are
/// not members: a filter of 16 bits a member under a cheap hash turns nearly all of them
/// away before `Hasher` runs (ids made to pass it cost only that `Hasher` run).
struct ASCIIIDSet {
    /// The ids back to back; `bounds[i]` is where id `i` lies in them.
    private var bytes: [UInt8] = []
    private var bounds: [Range<Int>] = []
    /// 0 for an empty slot, else an index into `bounds` plus 1.
    private var slots: [Int]
    private let mask: Int
    private var filter: [UInt64]
    private let filterMask: Int

    init?(_ ids: some Collection<String>) {
        var capacity = 16
        while capacity < ids.count * 2 { capacity *= 2 }
        mask = capacity - 1
        slots = Array(repeating: 0, count: capacity)
        filter = Array(repeating: 0, count: capacity / 8)
        filterMask = capacity * 8 - 1
        for var id in ids {
            guard id.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
            let start = bytes.count
            bytes.append(contentsOf: id.utf8)
            let (hash, quick) = id.withUTF8 { (Self.hash(UnsafeRawBufferPointer($0)), Self.quickHash(UnsafeRawBufferPointer($0))) }
            filter[(quick & filterMask) >> 6] |= 1 << (quick & 63)
            var slot = hash & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            bounds.append(start..<bytes.count)
            slots[slot] = bounds.count
        }
    }

    func contains(_ key: UnsafeRawBufferPointer) -> Bool {
        let quick = Self.quickHash(key)
        guard filter[(quick & filterMask) >> 6] & (1 << (quick & 63)) != 0 else { return false }
        var slot = Self.hash(key) & mask
        return bytes.withUnsafeBytes { stored in
            while true {
                let entry = slots[slot]
                guard entry != 0 else { return false }
                let range = bounds[entry - 1]
                if range.count == key.count, key.isEmpty || memcmp(stored.baseAddress! + range.lowerBound, key.baseAddress!, key.count) == 0
                {
                    return true
                }
                slot = (slot + 1) & mask
            }
        }
    }

    /// Eight bytes at a time, multiplied and rotated (as rustc's FxHash), then folded so
    /// the low bits that pick a filter bit depend on every byte.
    private static func quickHash(_ key: UnsafeRawBufferPointer) -> Int {
        var hash = UInt64(truncatingIfNeeded: key.count), offset = 0
        func mix(_ word: UInt64) {
            hash = ((hash << 5) | (hash >> 59)) ^ word
            hash &*= 0x517C_C1B7_2722_0A95
        }
        while offset + 8 <= key.count {
            mix(key.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        var tail: UInt64 = 0
        while offset < key.count {
            tail = tail << 8 | UInt64(key[offset])
            offset += 1
        }
        mix(tail)
        return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }

    private static func hash(_ key: UnsafeRawBufferPointer) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: key)
        return hasher.finalize()
    }
}
