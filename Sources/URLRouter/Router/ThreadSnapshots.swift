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

    /// Keeps `table` as this thread's copy of `router`'s snapshot at `generation`.
    func store(router: UInt64, generation: UInt64, table: RouteTable) {
        let entry = Entry(router: router, generation: generation, table: table)
        if let index = entries.firstIndex(where: { $0.router == router }) {
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
