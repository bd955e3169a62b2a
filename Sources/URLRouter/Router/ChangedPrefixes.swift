/// One thread's record of the changes a router went through since the snapshot it holds: the
/// keys (``ChangeKey``) of the URL prefixes they may have changed the answer for.
///
/// While a writer registers routes elsewhere in the table, a reader goes on matching URLs
/// against the snapshot it has (whose arrays its cache holds) instead of taking a new one after
/// every registration: for a URL whose prefixes are not here, the old snapshot gives the new
/// answer. A URL with a changed prefix, a change to something other than routes, more keys than
/// the set takes, or a log that has moved on too far sends the reader to the new snapshot.
///
/// Owned by one thread (``ThreadSnapshots``); never shared.
final class ChangedPrefixes {
    /// Open addressing over `capacity` slots; 0 marks an empty slot (no key is 0: that is
    /// ``ChangeKey/everything``, which is never stored).
    // Only the owning thread touches these, so the dynamic exclusivity checks are dropped.
    @exclusivity(unchecked) private var slots: [UInt32]
    @exclusivity(unchecked) private(set) var count = 0
    /// The generation whose changes, and all before it, are in the set.
    @exclusivity(unchecked) private(set) var covered: UInt64
    /// How many lookups have used the old snapshot since it went stale.
    @exclusivity(unchecked) var staleReads = 0

    static let capacity = 4096
    /// Keys kept before the reader takes the new snapshot: half the slots, so probes stay short.
    static let maxCount = capacity / 2
    /// Lookups on an old snapshot before the reader takes the new one anyway, so that a thread
    /// does not keep an old table (and the handlers it holds) for long after a burst.
    static let maxStaleReads = 16_384

    init(covered: UInt64) {
        slots = Array(repeating: 0, count: Self.capacity)
        self.covered = covered
    }

    /// Empties the set for a snapshot taken at `generation`.
    func reset(covered generation: UInt64) {
        if count > 0 {
            slots.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            count = 0
        }
        covered = generation
        staleReads = 0
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
        return true
    }

    /// Whether a URL whose first segments are `first` and `second` (nil when it has only one)
    /// could match a route that changed. Bytes up to `readableEnd` may be read.
    @inline(__always)
    func affects(first: UnsafeBufferPointer<UInt8>, second: UnsafeBufferPointer<UInt8>?, readableEnd: UnsafePointer<UInt8>) -> Bool {
        let (host, page) = ChangeKey.prefixes(first: first, second: second, readableEnd: readableEnd)
        return contains(host) || page.map(contains) == true
    }

    private func contains(_ key: UInt32) -> Bool {
        slots.withUnsafeBufferPointer { slots in
            var index = Int(key) & (Self.capacity - 1)
            while slots[index] != 0 {
                if slots[index] == key { return true }
                index = (index + 1) & (Self.capacity - 1)
            }
            return false
        }
    }

    /// Adds `key`; false when the set is full.
    private func insert(_ key: UInt32) -> Bool {
        var index = Int(key) & (Self.capacity - 1)
        while slots[index] != 0 {
            if slots[index] == key { return true }
            index = (index + 1) & (Self.capacity - 1)
        }
        guard count < Self.maxCount else { return false }
        slots[index] = key
        count += 1
        return true
    }
}
