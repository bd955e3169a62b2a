import Synchronization

/// A router's generation counter, and the keys (``ChangeKey``) of its recent changes, one per
/// generation, in a ring.
///
/// A change that records `n` keys moves the generation on by `n`, and generation `g`'s key sits
/// in slot `g % capacity`, stamped with `g` (and in `latest` while `g` is the newest). The writer
/// stores them before it publishes the generation (releasing); a reader that has loaded
/// generation `g` (acquiring) can read every key up to `g`, and knows from the stamp when a later
/// change has already overwritten one.
final class ChangeLog: @unchecked Sendable {
    // @unchecked: `slots` is allocated once, freed in deinit, and only ever accessed through
    // its atomics.

    /// Moves on with every published change; threads compare it with their copy's. The first
    /// stored property, with `latest` after it: both sit in one cache line, which a reader
    /// loads anyway.
    let generation = Atomic<UInt64>(0)
    /// The newest generation's key, stamped.
    private let latest = Atomic<UInt64>(UInt64.max)
    private let slots: UnsafeMutablePointer<Atomic<UInt64>>
    /// How many generations back a reader can look.
    static let capacity = 1024

    init() {
        slots = .allocate(capacity: Self.capacity)
        for index in 0..<Self.capacity {
            (slots + index).initialize(to: Atomic(UInt64.max))
        }
    }

    deinit {
        slots.deinitialize(count: Self.capacity)
        slots.deallocate()
    }

    /// Records the key of generation `generation`. Only the writer calls this, before it
    /// publishes that generation.
    func record(_ key: UInt32, generation: UInt64) {
        let stamped = UInt64(truncatingIfNeeded: UInt32(truncatingIfNeeded: generation)) << 32 | UInt64(key)
        slots[Int(generation % UInt64(Self.capacity))].store(stamped, ordering: .relaxed)
        latest.store(stamped, ordering: .relaxed)
    }

    /// The key of generation `generation`, or nil once a later change has taken its slot. Only
    /// asked for generations the reader has seen published.
    @inline(__always)
    func key(generation: UInt64) -> UInt32? {
        let stamp = UInt32(truncatingIfNeeded: generation)
        let newest = latest.load(ordering: .relaxed)
        if UInt32(truncatingIfNeeded: newest >> 32) == stamp { return UInt32(truncatingIfNeeded: newest) }
        let stamped = slots[Int(generation % UInt64(Self.capacity))].load(ordering: .relaxed)
        guard UInt32(truncatingIfNeeded: stamped >> 32) == stamp else { return nil }
        return UInt32(truncatingIfNeeded: stamped)
    }
}

/// The keys a change records, collected while it runs (``RouterState/changes``).
struct ChangeKeys: Sendable {
    /// The keys so far; `nil` when the change may affect every URL.
    private(set) var keys: [UInt32]? = []

    /// More keys than this and the change counts as affecting everything.
    static let maxKeys = 64

    /// Starts a change: one that adds and removes routes only, which says what it touched
    /// (`keyed`), or any other, which may affect everything.
    mutating func start(keyed: Bool) {
        if keyed, keys != nil { keys!.removeAll(keepingCapacity: true) } else { keys = keyed ? [] : nil }
    }

    /// Notes that the change touched routes with key `key`.
    mutating func note(_ key: UInt32) {
        guard key != ChangeKey.everything else { keys = nil; return }
        guard keys != nil, !keys!.contains(key) else { return }
        keys!.append(key)
        if keys!.count > Self.maxKeys { keys = nil }
    }

    /// The keys to record, one per generation: at least one.
    var recorded: [UInt32] {
        guard let keys else { return [ChangeKey.everything] }
        return keys.isEmpty ? [ChangeKey.nothing] : keys
    }
}
