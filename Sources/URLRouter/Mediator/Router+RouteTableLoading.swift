import Foundation

extension Router {
    /// Registers every row of a route table (see ``RouteTableRow``) as a target-action route, or none of them.
    ///
    /// ```swift
    /// try router.loadRouteTable(from: #"[{"pattern": "shop://item/:id", "target": "Shop", "action": "itemView"}]"#, on: mediator)
    /// ```
    ///
    /// A row is registered as by ``register(_:origins:target:action:on:priority:access:replacing:)``, never replacing a
    /// route. The rows are one batch (``update(_:)``): when any row is malformed, invalid or conflicting, nothing is
    /// registered, and concurrent opens never see part of the table. To swap one table for another in one step, use
    /// ``RouteBatch/loadRouteTable(from:on:)`` in ``update(_:)``.
    ///
    /// - Returns: the rows registered.
    /// - Throws: `.invalidRouteTable`, listing the problems with their rows and lines (the first 50, then a count;
    ///   ``RouteTableRow/parse(_:)-(String)`` lists all of syntax and fields); `.limitExceeded` over the length limit.
    @discardableResult
    public func loadRouteTable(from json: String, on mediator: Mediator = .shared) throws(RouteError) -> [RouteTableRow]
    {
        try options.checkRouteTableLength(json.utf8.count, "The route table")  // before copying it
        return try loadRouteTable(from: Data(json.utf8), on: mediator)
    }

    /// Registers a route table from a file's contents, like the `String` form.
    ///
    /// ```swift
    /// try router.loadRouteTable(from: data, on: mediator)
    /// ```
    @discardableResult
    public func loadRouteTable(from data: Data, on mediator: Mediator = .shared) throws(RouteError) -> [RouteTableRow] {
        try update { routes throws(RouteError) in try routes.loadRouteTable(from: data, on: mediator) }
    }

    /// Registers a route table read from a file, like the `String` form; a URL that is no file URL is refused. A named
    /// pipe is read as its writer writes it, so the call waits until one opens it.
    ///
    /// ```swift
    /// try router.loadRouteTable(from: URL(fileURLWithPath: "routes.json"), on: mediator)
    /// ```
    @discardableResult
    public func loadRouteTable(from file: URL, on mediator: Mediator = .shared) throws(RouteError) -> [RouteTableRow] {
        let data: Data
        do {
            guard file.isFileURL else { throw CocoaError(.fileReadUnsupportedScheme) }  // else its path is read
            // Never more than one byte past the limit: the path may name an endless file.
            let handle = try FileHandle(forReadingFrom: file)
            defer { try? handle.close() }
            data = try handle.read(upToCount: options.limits.maxRouteTableLength + 1) ?? Data()
        } catch {
            let isDirectory = (try? file.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory == true
            let reason = isDirectory ? "it is a directory." : RouteError.escaped(error.localizedDescription)
            let shown = RouteError.quoted(file.isFileURL ? file.path : file.absoluteString)
            throw RouteError(.invalidRouteTable, "Cannot read the route table \(shown): \(reason)")
        }
        try options.checkRouteTableLength(
            data.count, "The route table \(RouteError.quoted(file.path))", atLeast: true)  // it read limit + 1 bytes
        do throws(RouteError) { return try loadRouteTable(from: data, on: mediator) } catch {
            let named = "Route table \(RouteError.quoted(file.path))"  // which of the app's tables was rejected
            throw RouteError(error.code, named + error.message.dropFirst("Route table".count))
        }
    }
}

extension Router.Options {
    /// Throws `.limitExceeded` when a table of `length` bytes is over the limit.
    fileprivate func checkRouteTableLength(_ length: Int, _ what: String, atLeast: Bool = false) throws(RouteError) {
        let limit = limits.maxRouteTableLength
        guard length > limit else { return }
        let size = "\(atLeast ? "more than \(limit)" : "\(length)") bytes; the limit is \(limit)"
        throw RouteError(.limitExceeded, "\(what) is \(size) (Router.Limits.maxRouteTableLength).")
    }
}

extension RouteBatch {
    /// Registers every row of a route table in the batch, as ``Router/loadRouteTable(from:on:)-(Data,_)`` does, or none
    /// of them: a rejected table leaves the batch as it was. With the deregistration of the rows an earlier load
    /// returned, it swaps one table for another in one step; opens see the old table or the new one, never neither, and
    /// a rejected new table keeps the old one.
    ///
    /// ```swift
    /// rows = try router.update { routes in
    ///     for row in rows { routes.deregister(row.pattern, origins: row.origins) }
    ///     return try routes.loadRouteTable(from: Data(newTableJSON.utf8), on: mediator)
    /// }
    /// ```
    ///
    /// The batch takes `Data` only: pass JSON text as `Data(json.utf8)`, and read a file first.
    /// - Throws: as the router's `loadRouteTable`.
    @discardableResult
    public mutating func loadRouteTable(from data: Data, on mediator: Mediator = .shared) throws(RouteError)
        -> [RouteTableRow]
    {
        try options.checkRouteTableLength(data.count, "The route table")
        let before = draft
        do throws(RouteTableError) {
            var issues: [RouteTableError.Issue] = []  // the rows that read well are registered too, to report all
            let rows = try RouteTableRow.read(data, issues: &issues)
            var added: [(route: Int32, row: Int)] = []  // a conflict with one of them names its row
            for row in rows {
                do throws(RouteError) {
                    try register(
                        row.pattern, origins: row.origins.isEmpty ? nil : row.origins, target: row.target,
                        action: row.action, on: mediator, priority: row.priority, access: row.access)
                    added.append((Int32(draft.routes.count - 1), row.row))
                } catch {
                    let shape = try? draft.parse(row.pattern, origins: row.origins, options: options).patterns
                    let owners = error.code == .conflict ? shape.map { draft.owners(of: $0, options: options) } : nil
                    let message = added.first { owners?.contains($0.route) == true }.map {
                        "Pattern \(RouteError.quoted(row.pattern)) conflicts with row \($0.row), "
                            + "\(RouteError.quoted(draft.routes.live($0.route).displayName)): they have the same shape."
                    }
                    let text = error.message.replacing("first or register with replacing: true", with: "before loading")
                    issues.append(.init(row: row.row, line: row.line, message: message ?? text))  // rows never replace
                }
            }
            guard issues.isEmpty else { throw RouteTableError.inFileOrder(issues) }
            return rows
        } catch {
            draft = before
            throw RouteError(.invalidRouteTable, error.description)
        }
    }
}
