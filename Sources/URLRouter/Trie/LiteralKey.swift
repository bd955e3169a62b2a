/// A literal segment prepared once for the literal table: its first 16 bytes as two zero-padded
/// little-endian words and a hash of all its bytes, both folded to ASCII lowercase when the
/// comparison is case-insensitive. The hash is mixed with a parent node per probe.
///
/// Reading whole words keeps hashing and comparing at a few instructions per 8 bytes.
///
/// `base` points into a buffer its maker holds: a URL's bytes inside the lookup's
/// `withContiguousStorageIfAvailable` scope, or a pattern's inside `withUnsafeBufferPointer`.
/// A key is made and used within that scope and never stored, so the pointer never outlives it.
struct LiteralKey {
    let base: UnsafePointer<UInt8>
    let count: Int
    let fold: Bool
    let word0: UInt64
    let word1: UInt64
    /// A hash of the (folded) bytes alone, before the parent is mixed in.
    let keyHash: UInt64

    /// Prepares `count` bytes at `base`. Bytes from `readableStart` to `readableEnd` may be read
    /// around the key (and masked off), which saves a byte loop for a key's last partial word.
    @inline(__always)
    init(
        base: UnsafePointer<UInt8>, count: Int, readableStart: UnsafePointer<UInt8>, readableEnd: UnsafePointer<UInt8>,
        fold: Bool
    ) {
        self.base = base
        self.count = count
        self.fold = fold
        if count <= 16 {
            var first = count >= 8 ? loadWord(base) : Self.word(base, count, readableStart, readableEnd)
            var second: UInt64 = count > 8 ? Self.word(base + 8, count - 8, readableStart, readableEnd) : 0
            if fold {
                first = Self.foldWord(first)
                second = Self.foldWord(second)
            }
            (word0, word1, keyHash) = (first, second, Self.shortKeyHash(count: count, first, second))
        } else {
            (word0, word1, keyHash) = Self.longKey(base, count, readableStart, readableEnd, fold)
        }
    }

    /// The hash of a key of at most 16 bytes, from its count and its two (folded) words alone:
    /// the literal table rehashes a stored key from its slot, without reading its bytes again.
    @inline(__always)
    static func shortKeyHash(count: Int, _ word0: UInt64, _ word1: UInt64) -> UInt64 {
        let hash = mix(UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15, word0)
        return count > 8 ? mix(hash, word1) : hash
    }

    /// Keys longer than 16 bytes: every word goes into the hash; the first two are kept.
    @inline(never)
    private static func longKey(
        _ base: UnsafePointer<UInt8>, _ count: Int, _ readableStart: UnsafePointer<UInt8>,
        _ readableEnd: UnsafePointer<UInt8>, _ fold: Bool
    ) -> (UInt64, UInt64, UInt64) {
        var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        var first: UInt64 = 0
        var second: UInt64 = 0
        var offset = 0
        while offset < count {
            var word = Self.word(base + offset, Swift.min(8, count - offset), readableStart, readableEnd)
            if fold { word = Self.foldWord(word) }
            if offset == 0 { first = word } else if offset == 8 { second = word }
            hash = mix(hash, word)
            offset += 8
        }
        return (first, second, hash)
    }

    /// Prepares a key held in a buffer (registration and tests: nothing is read outside it).
    init(_ bytes: UnsafeBufferPointer<UInt8>, fold: Bool) {
        let base = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
        self.init(base: base, count: bytes.count, readableStart: base, readableEnd: base + bytes.count, fold: fold)
    }

    @inline(__always)
    private static func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (hash ^ word) &* 0xBF58_476D_1CE4_E5B9
        return mixed ^ (mixed >> 31)
    }

    /// The slot hash of a key hashed `keyHash` under `parent`.
    @inline(__always)
    static func slotHash(_ keyHash: UInt64, parent: Int32) -> UInt32 {
        // `keyHash` is already mixed: one multiply spreads the parent, and the product's high half
        // depends on every bit of both.
        let hash = (keyHash ^ UInt64(UInt32(bitPattern: parent))) &* 0xD6E8_FEB8_6659_FD93
        return UInt32(truncatingIfNeeded: hash >> 32)
    }

    /// The two bits this key sets in its parent's ``Trie/Node/literalFilter``.
    @inline(__always)
    var filterBits: UInt32 {
        (1 &<< UInt32(truncatingIfNeeded: (keyHash >> 40) & 31))
            | (1 &<< UInt32(truncatingIfNeeded: (keyHash >> 52) & 31))
    }

    /// Whether the stored (already folded) bytes at `arena[start...]` equal this key.
    func equalsStored(_ arena: [UInt8], at start: Int) -> Bool {
        guard start + count <= arena.count else { return false }
        for index in 0..<count where arena[start + index] != (fold ? foldASCII(base[index]) : base[index]) {
            return false
        }
        return true
    }

    /// `count` (1...8) bytes at `pointer` as a little-endian word, zero-padded: one load of the
    /// eight bytes from `pointer` or of the eight ending at the key's end, when they are readable.
    @inline(__always)
    static func word(
        _ pointer: UnsafePointer<UInt8>, _ count: Int, _ readableStart: UnsafePointer<UInt8>,
        _ readableEnd: UnsafePointer<UInt8>
    ) -> UInt64 {
        if count == 8 { return loadWord(pointer) }
        if pointer + 8 <= readableEnd { return loadWord(pointer) & ((1 &<< UInt64(count &* 8)) &- 1) }
        if pointer + count - 8 >= readableStart { return loadWord(pointer + count - 8) &>> UInt64(64 - count &* 8) }
        var word: UInt64 = 0
        for index in 0..<count { word |= UInt64(pointer[index]) &<< UInt64(index &* 8) }
        return word
    }

    /// ASCII `A`-`Z` to lowercase in all eight bytes at once; other bytes unchanged.
    @inline(__always)
    static func foldWord(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let low = word & (0x7F &* ones)
        let atLeastA = low &+ ((0x80 - 0x41) &* ones)
        let pastZ = low &+ ((0x80 - 0x5B) &* ones)
        let upper = atLeastA & ~pastZ & ~word & (0x80 &* ones)
        return word | (upper >> 2)
    }
}

/// The eight bytes at `pointer` as a little-endian word; the caller knows they are readable.
@inline(__always)
func loadWord(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
    UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
}

/// ASCII lowercase; other bytes unchanged.
@inline(__always)
func foldASCII(_ byte: UInt8) -> UInt8 { byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte }
