#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Each thread's own copies of the snapshots it last read, one per router (up to four routers),
/// revalidated against the router's generation counter on every read.
///
/// Reading a snapshot then costs one atomic load and a thread-local lookup: no lock, and no write
/// to memory another core uses. Each thread matches against its own ``RouteTable`` object (which
/// shares the trie's storage with the published one), so the reference count a match retains is
/// one no other core writes, and opens on several threads scale.
///
/// The cost: a thread keeps the snapshot it last read of a router (and so the handlers that
/// snapshot holds) until it reads that router again after a change, reads four other routers, or
/// exits.
final class ThreadSnapshots {
    private struct Entry {
        var router: UInt64
        var generation: UInt64
        var table: RouteTable
        /// The changes since `generation`, once the thread has used the table after one.
        var changes: ChangedPrefixes?
    }

    // Only the owning thread touches these, so the dynamic exclusivity checks are dropped.
    @exclusivity(unchecked) private var entries: [Entry] = []
    @exclusivity(unchecked) private var last = 0
    @exclusivity(unchecked) private var nextVictim = 0
    private static let capacity = 4

    /// This thread's copy of `router`'s snapshot at `generation`, if it has one, unretained: it
    /// stays alive until this thread stores another snapshot of that router (``store``).
    @inline(__always)
    func table(router: UInt64, generation: UInt64) -> Unmanaged<RouteTable>? {
        if last < entries.count, entries[last].router == router, entries[last].generation == generation {
            return Unmanaged.passUnretained(entries[last].table)
        }
        for index in entries.indices where entries[index].router == router && entries[index].generation == generation {
            last = index
            return Unmanaged.passUnretained(entries[index].table)
        }
        return nil
    }

    /// This thread's copy of `router`'s snapshot for looking up a URL, unretained (as
    /// ``table(router:generation:)``'s): the copy at `generation` with nil, or an older one with
    /// the prefixes changed since, if every change up to `generation` was to routes and the copy
    /// may still serve (``ChangedPrefixes``). Nil when the caller must take the new snapshot.
    /// The changes are unretained too: they live until this thread next reads the router.
    ///
    /// - Complexity: O(1) when the copy is current; else O(changes since the last call).
    @inline(__always)
    func lookupTable(router: UInt64, generation: UInt64, log: ChangeLog) -> (Unmanaged<RouteTable>, Unmanaged<ChangedPrefixes>?)? {
        if last < entries.count, entries[last].router == router {
            if entries[last].generation == generation { return (Unmanaged.passUnretained(entries[last].table), nil) }
            return olderTable(at: last, generation: generation, log: log)
        }
        guard let index = entries.firstIndex(where: { $0.router == router }) else { return nil }
        last = index
        if entries[index].generation == generation { return (Unmanaged.passUnretained(entries[index].table), nil) }
        return olderTable(at: index, generation: generation, log: log)
    }

    /// ``lookupTable(router:generation:log:)`` for a copy older than `generation`.
    private func olderTable(at index: Int, generation: UInt64, log: ChangeLog) -> (Unmanaged<RouteTable>, Unmanaged<ChangedPrefixes>?)? {
        if entries[index].changes == nil {
            entries[index].changes = ChangedPrefixes(covered: entries[index].generation)
        }
        // Borrowed: the entry holds it until this thread stores another snapshot of the router.
        let changes = Unmanaged.passUnretained(entries[index].changes.unsafelyUnwrapped)
        let usable = changes._withUnsafeGuaranteedRef { changes in
            guard changes.covered == generation ? changes.quietReads < ChangedPrefixes.maxQuietReads
                                                : changes.absorb(upTo: generation, from: log) else { return false }
            changes.quietReads += 1
            return true
        }
        guard usable else { return nil }
        return (Unmanaged.passUnretained(entries[index].table), changes)
    }

    /// Keeps `table` as this thread's copy of `router`'s snapshot at `generation`.
    func store(router: UInt64, generation: UInt64, table: RouteTable) {
        var entry = Entry(router: router, generation: generation, table: table)
        if let index = entries.firstIndex(where: { $0.router == router }) {
            entry.changes = entries[index].changes
            entry.changes?.reset(covered: generation)
            entries[index] = entry
            last = index
        } else if entries.count < Self.capacity {
            entries.append(entry)
            last = entries.count - 1
        } else {
            entries[nextVictim] = entry
            last = nextVictim
            nextVictim = (nextVictim + 1) % Self.capacity
        }
    }

    /// The calling thread's snapshots, made on first use; nil where threads have no local storage.
    static var current: ThreadSnapshots? {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        guard let key = threadSnapshotsKey else { return nil }
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<ThreadSnapshots>.fromOpaque(pointer).takeUnretainedValue()
        }
        let snapshots = ThreadSnapshots()
        guard pthread_setspecific(key, Unmanaged.passRetained(snapshots).toOpaque()) == 0 else { return nil }
        return snapshots
        #else
        return nil
        #endif
    }
}

/// Where each thread keeps its ``ThreadSnapshots``. Every router reads the thread-local key once,
/// when it is made, so that lookups skip the lazy global's once-check.
struct ThreadSnapshotsSlot: Sendable {
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
    private let key = threadSnapshotsKey
    #endif

    /// The calling thread's copy of `router`'s snapshot at `generation`, if it has one,
    /// unretained (see ``ThreadSnapshots/table(router:generation:)``). The thread's snapshots are
    /// borrowed, not retained: the thread-local slot owns them until the thread exits.
    @inline(__always)
    func table(router: UInt64, generation: UInt64) -> Unmanaged<RouteTable>? {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        guard let key, let pointer = pthread_getspecific(key) else { return nil }
        return Unmanaged<ThreadSnapshots>.fromOpaque(pointer)._withUnsafeGuaranteedRef {
            $0.table(router: router, generation: generation)
        }
        #else
        return nil
        #endif
    }

    /// The calling thread's copy of `router`'s snapshot for looking up a URL (see
    /// ``ThreadSnapshots/lookupTable(router:generation:log:)``).
    @inline(__always)
    func lookupTable(router: UInt64, generation: UInt64, log: ChangeLog) -> (Unmanaged<RouteTable>, Unmanaged<ChangedPrefixes>?)? {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        guard let key, let pointer = pthread_getspecific(key) else { return nil }
        return Unmanaged<ThreadSnapshots>.fromOpaque(pointer)._withUnsafeGuaranteedRef {
            $0.lookupTable(router: router, generation: generation, log: log)
        }
        #else
        return nil
        #endif
    }
}

#if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
/// The thread-local slot of ``ThreadSnapshots``; its destructor releases a thread's snapshots
/// when the thread exits.
private let threadSnapshotsKey: pthread_key_t? = {
    var key = pthread_key_t()
    #if canImport(Darwin)
    let status = pthread_key_create(&key) { pointer in
        Unmanaged<ThreadSnapshots>.fromOpaque(pointer).release()
    }
    #else
    let status = pthread_key_create(&key) { pointer in
        if let pointer { Unmanaged<ThreadSnapshots>.fromOpaque(pointer).release() }
    }
    #endif
    return status == 0 ? key : nil
}()
#endif
