/// One open-addressing hash table for the literal edges of every node, keyed by
/// (parent node, decoded key bytes). Keys of up to 16 bytes live in the slot itself, so a probe
/// touches one cache line; longer keys live in the trie's byte arena.
///
/// - Complexity: `find` is O(key length) expected, whatever the number of routes.
struct LiteralTable: Sendable {
    struct Slot: Sendable {
        /// -1: empty.
        var parent: Int32 = -1
        var child: Int32 = 0
        var hash: UInt32 = 0
        var count: UInt32 = 0
        /// Key bytes 0..<8 and 8..<16, zero-padded; for a key longer than 16 bytes, `word0` is
        /// its start in the arena.
        var word0: UInt64 = 0
        var word1: UInt64 = 0
    }

    private(set) var slots: [Slot] = Array(repeating: Slot(), count: 16)
    private(set) var count = 0

    /// Keys longer than this live in the arena.
    static let inlineCapacity = 16

    /// The child of `parent` reached by `key`, or -1. Stored keys are already folded where
    /// folding applies; `key` was folded when it was made.
    @inline(__always)
    static func find(
        _ key: LiteralKey, parent: Int32, slots: UnsafePointer<Slot>, mask: Int, arena: UnsafePointer<UInt8>
    ) -> Int32 {
        let hash = key.hash(parent: parent)
        var index = Int(hash) & mask
        while true {
            let slot = slots[index]
            if slot.parent < 0 { return -1 }
            if slot.hash == hash, slot.parent == parent, Int(slot.count) == key.count {
                if key.count <= inlineCapacity {
                    if slot.word0 == key.word0 && slot.word1 == key.word1 { return slot.child }
                } else if key.equalsStored(arena + Int(slot.word0)) {
                    return slot.child
                }
            }
            index = (index &+ 1) & mask
        }
    }

    /// The child of `parent` reached by `key`, or nil. `arena` is never empty (the trie keeps a
    /// sentinel byte in it).
    func find(parent: Int32, key: LiteralKey, arena: [UInt8]) -> Int32? {
        let child = slots.withUnsafeBufferPointer { slots in
            arena.withUnsafeBufferPointer { arena in
                Self.find(key, parent: parent, slots: slots.baseAddress!, mask: slots.count - 1, arena: arena.baseAddress!)
            }
        }
        return child < 0 ? nil : child
    }

    /// Adds an edge. A key longer than 16 bytes must already be in the arena, folded like `key`,
    /// at `arenaStart`.
    mutating func insert(parent: Int32, child: Int32, key: LiteralKey, arenaStart: Int32) {
        if (count + 1) * 4 > slots.count * 3 { grow() }
        var slot = Slot(parent: parent, child: child, hash: key.hash(parent: parent), count: UInt32(key.count),
                        word0: key.word0, word1: key.word1)
        if key.count > Self.inlineCapacity { slot.word0 = UInt64(arenaStart); slot.word1 = 0 }
        place(slot)
        count += 1
    }

    /// The key bytes of `slot`.
    func key(of slot: Slot, arena: [UInt8]) -> [UInt8] {
        let count = Int(slot.count)
        if count > Self.inlineCapacity { return Array(arena[Int(slot.word0)..<Int(slot.word0) + count]) }
        return (0..<count).map { index in
            UInt8(truncatingIfNeeded: (index < 8 ? slot.word0 : slot.word1) >> (UInt64(index % 8) * 8))
        }
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
