/// Every route's action handler, by route number, in fixed-size chunks that snapshots share.
///
/// Handlers are the only part of a route that holds references. Kept apart from
/// ``RouteList/Record`` in chunks that a copy shares rather than duplicates, they make the rest
/// of a snapshot plain bytes: copying the route list for a new snapshot, and freeing an old one
/// (which a reader thread may end up doing), cost no reference-count traffic per route.
///
/// A writer appends in place, into the last chunk, which older snapshots may share: they never
/// read past their own `count`, so the slot being written is one no reader reads. Changing a
/// slot that exists copies its chunk first, so that older snapshots keep what they saw.
///
/// `@unchecked Sendable`: `bases` holds the chunks' slot pointers (read without touching the
/// shared chunk objects' reference counts); they stay valid while `chunks` holds the chunks.
struct HandlerList: @unchecked Sendable {
    private var chunks: [Chunk] = []
    private var bases: [UnsafeMutablePointer<Slot>] = []
    /// How many handlers this list holds.
    private(set) var count = 0

    static let chunkSize = 64

    /// The handler of route `id` (`0 ..< count`).
    ///
    /// - Complexity: O(1).
    subscript(id: Int) -> Route.Action {
        precondition(id >= 0 && id < count, "handler \(id) of \(count)")
        return bases[id / Self.chunkSize][id % Self.chunkSize].action
    }

    /// Adds `handler` as route `count`.
    ///
    /// - Complexity: amortised O(1).
    mutating func append(_ handler: @escaping Route.Action) {
        let offset = count % Self.chunkSize
        if offset == 0 {
            chunks.append(Chunk())
            bases.append(chunks[chunks.count - 1].slots)
        }
        chunks[chunks.count - 1].initialize(offset, to: handler)
        count += 1
    }

    /// Replaces the handler of route `id` (dropping the old one once no snapshot holds it).
    ///
    /// - Complexity: O(chunk size).
    mutating func replace(_ id: Int, with handler: @escaping Route.Action) {
        precondition(id >= 0 && id < count, "handler \(id) of \(count)")
        let index = id / Self.chunkSize
        let copy = chunks[index].copy()
        copy.assign(id % Self.chunkSize, to: handler)
        chunks[index] = copy
        bases[index] = copy.slots
    }

    /// One handler. A function stored bare in generic storage (`UnsafeMutablePointer<Pointee>`)
    /// is kept behind a reabstraction thunk, which allocates a context per handler and adds a
    /// call per open; a struct field keeps the closure as it is.
    struct Slot {
        let action: Route.Action
    }

    /// A fixed buffer of handlers, filled in order.
    ///
    /// `@unchecked Sendable`: slots below `filled` are written once before any snapshot that can
    /// read them is published (the router's locks order the two) and never again, except in a
    /// copy no snapshot has seen yet (``assign(_:to:)`` runs on a fresh ``copy()``); the slot
    /// being filled is above every published snapshot's count, so no reader touches it. Only
    /// the writer, under the router's writer lock, calls the mutating methods.
    final class Chunk: @unchecked Sendable {
        let slots = UnsafeMutablePointer<Slot>.allocate(capacity: HandlerList.chunkSize)
        private var filled = 0

        func initialize(_ offset: Int, to handler: @escaping Route.Action) {
            assert(offset == filled, "chunk slots are filled in order")
            (slots + offset).initialize(to: Slot(action: handler))
            filled += 1
        }

        func assign(_ offset: Int, to handler: @escaping Route.Action) {
            assert(offset < filled, "only a filled slot is replaced")
            slots[offset] = Slot(action: handler)
        }

        func copy() -> Chunk {
            let copy = Chunk()
            copy.slots.initialize(from: slots, count: filled)
            copy.filled = filled
            return copy
        }

        deinit {
            slots.deinitialize(count: filled)
            slots.deallocate()
        }
    }
}
