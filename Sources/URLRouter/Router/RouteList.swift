/// Every registered route of a router, in registration order, kept compactly: one 12-byte
/// record per route, the pattern texts front-coded in one byte buffer (``PatternText``), the
/// action handlers in chunks that snapshots share (``HandlerList``), and the rarer object
/// handlers and external checks apart.
///
/// Reading it as a collection gives whole ``Route`` values (their pattern rebuilt as a String);
/// the open path reads only the ``Record`` and the handler.
struct RouteList: Sendable, RandomAccessCollection {
    /// What opening a route needs besides its handler. Plain bytes: copying or freeing a
    /// snapshot's records touches no reference count.
    struct Record: Sendable {
        /// Where its entry starts in the pattern text.
        let patternStart: UInt32
        let priority: Int32
        /// How many leaves (expansions of its optional groups) it has in the trie.
        let leafCount: UInt16
        let access: RouteAccess
        fileprivate(set) var flags: Flags

        var hasExternalCheck: Bool { flags.contains(.externalCheck) }
    }

    struct Flags: OptionSet, Sendable {
        let rawValue: UInt8
        static let removed = Flags(rawValue: 1)
        static let externalCheck = Flags(rawValue: 2)
        static let objectHandler = Flags(rawValue: 4)
    }

    /// Removed routes keep their record (flagged), so that the pattern text stays readable.
    private(set) var records: [Record] = []
    private var handlers = HandlerList()
    private(set) var text = PatternText()
    private var objectHandlers: [Int32: Route.ObjectHandler] = [:]
    private var externalChecks: [Int32: Route.ExternalCheck] = [:]

    var startIndex: Int { 0 }
    var endIndex: Int { records.count }

    /// The route at `index`, nil once removed.
    subscript(index: Int) -> Route? {
        guard let record = record(Int32(index)) else { return nil }
        return Route(pattern: pattern(Int32(index)), priority: record.priority, access: record.access,
                     handler: handler(Int32(index)), externalCheck: externalCheck(Int32(index)),
                     leafCount: Int32(record.leafCount))
    }

    /// The record of route `id`, nil once removed.
    @inline(__always)
    func record(_ id: Int32) -> Record? {
        let record = records[Int(id)]
        return record.flags.contains(.removed) ? nil : record
    }

    /// The handler of route `id`; a no-op once the route is removed.
    @inline(__always)
    func handler(_ id: Int32) -> Route.Handler {
        let flags = records[Int(id)].flags
        if flags.contains(.objectHandler), let object = objectHandlers[id] { return .object(object) }
        return .action(handlers[Int(id)])
    }

    /// The pattern of route `id`, as registered.
    ///
    /// - Complexity: O(pattern length), at most ``PatternText/restartInterval`` entries read.
    func pattern(_ id: Int32) -> String {
        records.withUnsafeBufferPointer { records in
            text.pattern(Int(id)) { records[$0].patternStart }
        }
    }

    /// The external check of route `id`, if it has one.
    func externalCheck(_ id: Int32) -> Route.ExternalCheck? {
        records[Int(id)].flags.contains(.externalCheck) ? externalChecks[id] : nil
    }

    /// Adds `route` at the end.
    mutating func append(_ route: Route) {
        let id = Int32(records.count)
        var flags: Flags = []
        if let check = route.externalCheck {
            externalChecks[id] = check
            flags.insert(.externalCheck)
        }
        switch route.handler {
        case .action(let action):
            handlers.append(action)
        case .object(let object):
            handlers.append(Self.noAction)
            objectHandlers[id] = object
            flags.insert(.objectHandler)
        }
        records.appendCompactly(Record(
            patternStart: text.append(route.pattern), priority: route.priority, leafCount: UInt16(route.leafCount),
            access: route.access, flags: flags))
    }

    /// Removes route `id`; its place stays, empty, and its handlers are let go.
    mutating func remove(_ id: Int32) {
        records[Int(id)].flags = [.removed]
        handlers.replace(Int(id), with: Self.noAction)
        objectHandlers[id] = nil
        externalChecks[id] = nil
    }

    private static let noAction: Route.Action = { _ in }
}
