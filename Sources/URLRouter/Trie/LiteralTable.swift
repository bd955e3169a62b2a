/// One open-addressing hash table for the literal edges of every node, keyed by (parent's number, decoded key bytes).
/// Each 48-byte slot holds the key (inline up to 16 bytes; longer keys live in the trie's byte arena) and the child
/// node itself, so following a literal reads one slot and nothing else.
///
/// Growing rehashes every key where it lies, a short one from the two words of its slot and a long one from the arena,
/// without copying its bytes out first.
///
/// - Complexity: `find` is O(key length) expected, whatever the number of routes.
struct LiteralTable: Sendable {
    struct Slot: Sendable {
        var parent: Int32 = 0
        /// The key's length; 0 marks an empty slot (keys are never empty).
        var count: UInt32 = 0
        /// Key bytes 0..<8 and 8..<16, zero-padded; for a key longer than 16 bytes, `word0` is its start in the arena.
        var word0: UInt64 = 0
        var word1: UInt64 = 0
        var node = Trie.Node(number: 0)
    }

    /// The trie changes nodes in slots in place (``Trie/updateNode(_:_:)``), never keys.
    var slots = ChunkedArray<Slot>(repeating: Slot(), count: 16)
    private(set) var count = 0

    /// Keys longer than this live in the arena.
    static let inlineCapacity = 16

    /// The slot of the child of the node numbered `parent` reached by `key`, or -1. Stored keys are already folded
    /// where folding applies; `key` was folded when it was made.
    ///
    /// - Complexity: O(key length) expected: one slot, more only on a collision.
    @inline(__always)
    func find(_ key: LiteralKey, parent: Int32, arena: [UInt8]) -> Int {
        let mask = slots.count - 1
        var index = Int(LiteralKey.slotHash(key.keyHash, parent: parent)) & mask
        while true {
            let slot = slots[index]
            if slot.count == 0 { return -1 }
            if slot.parent == parent, Int(slot.count) == key.count {
                if key.count <= Self.inlineCapacity {
                    if slot.word0 == key.word0 && slot.word1 == key.word1 { return index }
                } else if key.equalsStored(arena, at: Int(slot.word0)) {
                    return index
                }
            }
            index = (index &+ 1) & mask
        }
    }

    /// Adds a literal node numbered `number` under `parent` and returns its slot. A key longer than 16 bytes must
    /// already be in the arena, folded like `key`, at `arenaStart`. Slot indices taken before this call are stale
    /// afterwards.
    mutating func insert(parent: Int32, key: LiteralKey, number: Int32, arenaStart: Int32, arena: [UInt8]) -> Int {
        if (count + 1) * 4 > slots.count * 3 { grow(arena: arena) }
        let isLong = key.count > Self.inlineCapacity
        let slot = Slot(
            parent: parent, count: UInt32(key.count), word0: isLong ? UInt64(arenaStart) : key.word0,
            word1: isLong ? 0 : key.word1, node: Trie.Node(number: number))
        count += 1
        return place(slot, hash: LiteralKey.slotHash(key.keyHash, parent: parent))
    }

    /// The stored (already folded) key bytes of `slot`: inline in its two words, or in the arena.
    func key(of slot: Slot, arena: [UInt8]) -> [UInt8] {
        let count = Int(slot.count)
        if count > Self.inlineCapacity { return Array(arena[Int(slot.word0)..<Int(slot.word0) + count]) }  // one copy
        let words = (slot.word0.littleEndian, slot.word1.littleEndian)
        return withUnsafeBytes(of: words) { Array($0.prefix(count)) }
    }

    @discardableResult
    private mutating func place(_ slot: Slot, hash: UInt32) -> Int {
        let mask = slots.count - 1
        var index = Int(hash) & mask
        while slots[index].count != 0 { index = (index + 1) & mask }
        slots[index] = slot
        return index
    }

    /// Doubles the slots. Slots keep no hash (it would cost a sixth of each), so each key is hashed again where it is
    /// stored, from a short key's two words or a long key's bytes in the arena: the stored bytes are already folded,
    /// and folding is idempotent, so the hash is the one the key had when it was added.
    private mutating func grow(arena: [UInt8]) {
        let old = slots
        slots = ChunkedArray(repeating: Slot(), count: old.count * 2)
        arena.withUnsafeBufferPointer { arena in
            for slot in old where slot.count != 0 {
                let count = Int(slot.count)
                let keyHash =
                    count <= Self.inlineCapacity
                    ? LiteralKey.shortKeyHash(count: count, slot.word0, slot.word1)
                    : LiteralKey(UnsafeBufferPointer(rebasing: arena[Int(slot.word0)...].prefix(count)), fold: false)
                        .keyHash
                place(slot, hash: LiteralKey.slotHash(keyHash, parent: slot.parent))
            }
        }
    }
}
