#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Each thread's own copy of the current snapshot of the routers it reads (up to four), checked against the router's
/// generation on every read.
///
/// Why: a match retains its snapshot. If every thread retained the one published object, two threads opening at once
/// would write the same reference count on every open, and the cache line would bounce between cores; opens on two
/// threads would not scale. Each thread instead retains its own ``RouteTable`` object, which shares the published one's
/// storage (the arrays are not copied), so its reference count is written by one core only. Reading the snapshot then
/// costs an atomic load of the generation and a thread-local lookup: no lock. For the same reason an open borrows its
/// handler from the table instead of copying it (``ChunkedArray/withElement(_:_:)``): a copy would retain and release
/// the closure's context, which every thread opening that route shares.
///
/// What it retains: a thread keeps its copy of a router's snapshot, and so the handlers that snapshot holds, until it
/// next reads that router after a change, stores copies of four routers after it (first stored, first dropped), or
/// exits. A deregistered handler is released once no thread's copy, request or match of an older snapshot holds it.
final class ThreadSnapshots {
    private struct Entry {
        var router, generation: UInt64
        var table: RouteTable
    }

    // Only the owning thread touches these, so the dynamic exclusivity checks are dropped.
    @exclusivity(unchecked) private var entries: [Entry] = []
    private static let capacity = 4

    /// This thread's copy of `router`'s snapshot at `generation`, if it has one.
    ///
    /// - Complexity: O(1): at most four entries are compared.
    @inline(__always)
    func table(router: UInt64, generation: UInt64) -> RouteTable? {
        for entry in entries where entry.router == router { return entry.generation == generation ? entry.table : nil }
        return nil
    }

    /// This thread's copy of `router`'s snapshot, current or not.
    func table(router: UInt64) -> RouteTable? { entries.first { $0.router == router }?.table }

    /// Keeps `table` as this thread's copy of `router`'s snapshot at `generation`, in place of its older copy, else of
    /// the copy of the router first stored when all four are taken.
    func store(router: UInt64, generation: UInt64, table: RouteTable) {
        let entry = Entry(router: router, generation: generation, table: table)
        // Released once `entries` is whole: a `deinit` it runs may read another router, storing here.
        var dropped: Entry?
        if let index = entries.firstIndex(where: { $0.router == router }) {
            dropped = entries[index]
            entries[index] = entry
        } else {
            if entries.count >= Self.capacity { dropped = entries.removeFirst() }
            entries.append(entry)
        }
        withExtendedLifetime(dropped) {}
    }

    /// The calling thread's copies, unretained (its slot owns them); made on first use when `create` is set. Nil where
    /// threads have no local storage.
    @inline(__always)
    static func current(create: Bool) -> Unmanaged<ThreadSnapshots>? {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        guard let key = threadSnapshotsKey else { return nil }
        if let pointer = pthread_getspecific(key) {
            // The slot holds a +1 reference, released by the key's destructor when the thread
            // exits; only this thread reads it, so the object outlives this borrow.
            return Unmanaged<ThreadSnapshots>.fromOpaque(pointer)
        }
        guard create else { return nil }
        let snapshots = Unmanaged.passRetained(ThreadSnapshots())  // the +1 the slot owns (see the key's destructor)
        guard pthread_setspecific(key, snapshots.toOpaque()) == 0 else { snapshots.release(); return nil }
        return snapshots
        #else
        return nil
        #endif
    }
}

#if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
/// The thread-local slot of ``ThreadSnapshots``; its destructor releases a thread's copies when the thread exits.
private let threadSnapshotsKey: pthread_key_t? = {
    var key = pthread_key_t()
    // The destructor's argument is optional on Glibc and Musl, not on Darwin. A deinit that runs as the copies go may
    // read a router and so fill the slot again: that is released too, at any depth.
    return pthread_key_create(&key) { first in
        var next = first as UnsafeMutableRawPointer?
        while let pointer = next, let slot = threadSnapshotsKey, pthread_setspecific(slot, nil) == 0 {
            Unmanaged<ThreadSnapshots>.fromOpaque(pointer).release()
            next = pthread_getspecific(slot)
        }
    } == 0 ? key : nil
}()
#endif
