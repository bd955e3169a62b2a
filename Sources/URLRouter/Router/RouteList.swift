/// Every registered route of a router, in registration order, kept compactly: one 24-byte
/// record per route, the pattern texts in one byte buffer, the handlers in chunks that
/// snapshots share (``HandlerList``), and the rare external checks apart.
///
/// Reading it as a collection gives whole ``Route`` values (their pattern rebuilt as a String);
/// the open path reads only the ``Record`` and the handler.
struct RouteList: Sendable, RandomAccessCollection {
    /// What opening a route needs besides its handler. Plain bytes: copying or freeing a
    /// snapshot's records touches no reference count.
    struct Record: Sendable {
        let patternStart: UInt32
        let patternCount: UInt32
        let priority: Int32
        /// Its leaves are `firstLeaf..<firstLeaf + leafCount` in the trie.
        let firstLeaf: Int32
        let leafCount: UInt16
        let access: RouteAccess
        let hasExternalCheck: Bool
    }

    private var records: [Record?] = []
    private var handlers = HandlerList()
    private var text: [UInt8] = []
    private var externalChecks: [Int32: Route.ExternalCheck] = [:]

    var startIndex: Int { 0 }
    var endIndex: Int { records.count }

    /// The route at `index`, nil once removed.
    subscript(index: Int) -> Route? {
        guard let record = records[index] else { return nil }
        return Route(pattern: pattern(of: record), priority: record.priority, access: record.access, handler: handlers[index],
                     externalCheck: record.hasExternalCheck ? externalChecks[Int32(index)] : nil,
                     firstLeaf: record.firstLeaf, leafCount: Int32(record.leafCount))
    }

    /// The record of route `id`, nil once removed.
    @inline(__always)
    func record(_ id: Int32) -> Record? { records[Int(id)] }

    /// The handler of route `id`; a no-op once the route is removed.
    @inline(__always)
    func handler(_ id: Int32) -> Route.Handler { handlers[Int(id)] }

    /// The pattern of `record`, as registered.
    func pattern(of record: Record) -> String {
        String(decoding: text[Int(record.patternStart)..<Int(record.patternStart + record.patternCount)], as: UTF8.self)
    }

    /// The external check of route `id`, if it has one.
    func externalCheck(_ id: Int32) -> Route.ExternalCheck? {
        records[Int(id)]?.hasExternalCheck == true ? externalChecks[id] : nil
    }

    /// Adds `route` at the end.
    mutating func append(_ route: Route) {
        let id = Int32(records.count)
        let start = UInt32(text.count)
        text.append(contentsOf: route.pattern.utf8)
        if let check = route.externalCheck { externalChecks[id] = check }
        handlers.append(route.handler)
        records.append(Record(
            patternStart: start, patternCount: UInt32(text.count) - start, priority: route.priority,
            firstLeaf: route.firstLeaf, leafCount: UInt16(route.leafCount), access: route.access,
            hasExternalCheck: route.externalCheck != nil))
    }

    /// Removes route `id`; its place stays, empty, and its handler is let go.
    mutating func remove(_ id: Int32) {
        records[Int(id)] = nil
        handlers.replace(Int(id), with: .action { _ in })
        externalChecks[id] = nil
    }
}
