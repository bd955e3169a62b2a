/// One open-addressing hash table for the literal edges of every node, keyed by
/// (parent node, decoded key bytes). Keys live in the trie's byte arena.
///
/// - Complexity: `find` is O(key length) expected, whatever the number of routes.
struct LiteralTable: Sendable {
    struct Slot: Sendable {
        var parent: Int32 = -1       // -1: empty
        var child: Int32 = 0
        var keyStart: Int32 = 0
        var keyCount: Int32 = 0
        var hash: UInt32 = 0
    }

    private(set) var slots: [Slot] = Array(repeating: Slot(), count: 16)
    private(set) var count = 0

    /// Hashes `key`, lowercasing ASCII letters when `fold` is set, mixed with the parent node.
    @inline(__always)
    static func hash(parent: Int32, key: UnsafeBufferPointer<UInt8>, fold: Bool) -> UInt32 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ (UInt64(UInt32(bitPattern: parent)) &* 0x9E37_79B9_7F4A_7C15)
        if fold {
            for byte in key { hash = (hash ^ UInt64(foldASCII(byte))) &* 0x100_0000_01b3 }
        } else {
            for byte in key { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        return UInt32(truncatingIfNeeded: hash ^ (hash >> 29))
    }

    /// The child of `parent` reached by `key`, or nil. Stored keys are already folded where
    /// folding applies; `fold` folds the probe.
    @inline(__always)
    func find(parent: Int32, key: UnsafeBufferPointer<UInt8>, fold: Bool, arena: [UInt8]) -> Int32? {
        let hash = Self.hash(parent: parent, key: key, fold: fold)
        return slots.withUnsafeBufferPointer { slots in
            arena.withUnsafeBufferPointer { arena in
                let mask = slots.count - 1
                var index = Int(hash) & mask
                while true {
                    let slot = slots[index]
                    if slot.parent < 0 { return nil }
                    if slot.hash == hash, slot.parent == parent, Int(slot.keyCount) == key.count,
                       Self.equal(arena, Int(slot.keyStart), key, fold: fold) {
                        return slot.child
                    }
                    index = (index + 1) & mask
                }
            }
        }
    }

    @inline(__always)
    private static func equal(_ arena: UnsafeBufferPointer<UInt8>, _ start: Int, _ key: UnsafeBufferPointer<UInt8>, fold: Bool) -> Bool {
        var index = 0
        while index < key.count {
            let probe = fold ? foldASCII(key[index]) : key[index]
            if arena[start + index] != probe { return false }
            index += 1
        }
        return true
    }

    /// Adds an edge whose key is already in the arena (folded where folding applies).
    mutating func insert(parent: Int32, child: Int32, keyStart: Int32, keyCount: Int32, arena: [UInt8]) {
        if (count + 1) * 4 > slots.count * 3 { grow() }
        let hash = arena.withUnsafeBufferPointer { arena in
            Self.hash(parent: parent, key: UnsafeBufferPointer(rebasing: arena[Int(keyStart)..<Int(keyStart + keyCount)]), fold: false)
        }
        place(Slot(parent: parent, child: child, keyStart: keyStart, keyCount: keyCount, hash: hash))
        count += 1
    }

    private mutating func place(_ slot: Slot) {
        let mask = slots.count - 1
        var index = Int(slot.hash) & mask
        while slots[index].parent >= 0 { index = (index + 1) & mask }
        slots[index] = slot
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(), count: old.count * 2)
        for slot in old where slot.parent >= 0 { place(slot) }
    }
}

/// ASCII lowercase; other bytes unchanged.
@inline(__always)
func foldASCII(_ byte: UInt8) -> UInt8 {
    byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
}
