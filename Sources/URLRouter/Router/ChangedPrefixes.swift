/// One thread's record of the changes a router went through since the snapshot it holds: the
/// keys (``ChangeKey``) of the URL prefixes they may have changed the answer for.
///
/// While a writer registers routes elsewhere in the table, a reader goes on matching URLs
/// against the snapshot it has (whose arrays its cache holds) instead of taking a new one after
/// every registration: for a URL whose prefixes are not here, the old snapshot gives the new
/// answer. A URL with a changed prefix, a change to something other than routes, more keys than
/// the set takes, or a log that has moved on too far sends the reader to the new snapshot; so
/// does the end of a burst (``maxQuietReads`` lookups with no new change).
///
/// Owned by one thread (``ThreadSnapshots``); never shared.
final class ChangedPrefixes {
    /// Open addressing over a power-of-two number of slots; 0 marks an empty slot (no key is 0:
    /// that is ``ChangeKey/everything``, which is never stored).
    // Only the owning thread touches these, so the dynamic exclusivity checks are dropped.
    @exclusivity(unchecked) private var slots: [UInt32]
    @exclusivity(unchecked) private var mask: Int
    @exclusivity(unchecked) private(set) var count = 0
    /// One bit for each ``ChangeKey/group(of:)`` some key in the set has.
    @exclusivity(unchecked) private var groups: UInt64 = 0
    /// The generation whose changes, and all before it, are in the set.
    @exclusivity(unchecked) private(set) var covered: UInt64
    /// Lookups on the older snapshot since the last one that found new changes.
    @exclusivity(unchecked) var quietReads = 0

    /// Slots a set starts with (16 KiB), and grows to (64 KiB) while a burst goes on.
    static let initialCapacity = 4096
    static let maxCapacity = 16_384
    /// Keys kept before the reader takes the new snapshot: half the most slots, so probes stay
    /// short.
    static let maxCount = maxCapacity / 2
    /// Lookups on an older snapshot with no new change before the reader takes the new one: a
    /// burst of registrations is over, so the copy and the check on every URL are no longer
    /// worth it. During a burst the reader keeps its copy, whose arrays its cache holds.
    static let maxQuietReads = 4096

    init(covered: UInt64) {
        slots = Array(repeating: 0, count: Self.initialCapacity)
        mask = Self.initialCapacity - 1
        self.covered = covered
    }

    /// Empties the set for a snapshot taken at `generation`.
    func reset(covered generation: UInt64) {
        if slots.count > Self.initialCapacity {
            slots = Array(repeating: 0, count: Self.initialCapacity)
            mask = Self.initialCapacity - 1
        } else if count > 0 {
            slots.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        }
        count = 0
        groups = 0
        covered = generation
        quietReads = 0
    }

    /// Takes in the keys of the changes after ``covered`` up to `generation` from `log`. False
    /// when the snapshot must be replaced instead: a change may affect every URL, the set is
    /// full, or the log no longer holds a change it needs.
    ///
    /// - Complexity: O(changes taken in).
    func absorb(upTo generation: UInt64, from log: ChangeLog) -> Bool {
        guard generation &- covered <= UInt64(ChangeLog.capacity) else { return false }
        var next = covered &+ 1
        while next <= generation {
            guard let key = log.key(generation: next), key != ChangeKey.everything else { return false }
            if key != ChangeKey.nothing {
                guard insert(key) else { return false }
            }
            next &+= 1
        }
        covered = generation
        quietReads = 0
        return true
    }

    /// Whether a URL whose first segments are `first` and `second` (nil when it has only one)
    /// could match a route that changed. Bytes up to `readableEnd` may be read. Ask
    /// ``hasGroup(of:)`` first: it answers most URLs without hashing them.
    ///
    /// - Complexity: O(1).
    @inline(never)
    func affects(first: UnsafeBufferPointer<UInt8>, second: UnsafeBufferPointer<UInt8>?, readableEnd: UnsafePointer<UInt8>) -> Bool {
        let (host, page) = ChangeKey.prefixes(first: first, second: second, readableEnd: readableEnd)
        return contains(host) || page.map(contains) == true
    }

    /// Whether some key in the set has the group (``ChangeKey/group(of:)``) of a URL's first
    /// segment, `first`: if not, no change affects the URL, and ``affects(first:second:readableEnd:)``
    /// need not hash it.
    ///
    /// - Complexity: O(1); reads the segment's length and first byte only.
    @inline(__always)
    func hasGroup(of first: UnsafeBufferPointer<UInt8>) -> Bool {
        groups & (1 &<< UInt64(ChangeKey.group(of: first))) != 0
    }

    private func contains(_ key: UInt32) -> Bool {
        slots.withUnsafeBufferPointer { slots in
            var index = Int(key) & mask
            while slots[index] != 0 {
                if slots[index] == key { return true }
                index = (index + 1) & mask
            }
            return false
        }
    }

    /// Adds `key`; false when the set is full.
    private func insert(_ key: UInt32) -> Bool {
        var index = Int(key) & mask
        while slots[index] != 0 {
            if slots[index] == key { return true }
            index = (index + 1) & mask
        }
        if count >= slots.count / 2 {
            guard slots.count < Self.maxCapacity else { return false }
            grow()
            return insert(key)
        }
        slots[index] = key
        count += 1
        groups |= 1 &<< UInt64(key >> 26)
        return true
    }

    /// Doubles the slots, placing every key again.
    private func grow() {
        let old = slots
        slots = Array(repeating: 0, count: old.count * 2)
        mask = slots.count - 1
        for key in old where key != 0 {
            var index = Int(key) & mask
            while slots[index] != 0 { index = (index + 1) & mask }
            slots[index] = key
        }
    }
}
