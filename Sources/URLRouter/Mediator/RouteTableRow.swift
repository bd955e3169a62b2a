import Foundation

/// One row of a route table file: a URL pattern and the target-action it reaches.
///
/// A route table is a JSON array of rows:
///
/// ```json
/// [
///   { "pattern": "shop://item/:id", "target": "Shop", "action": "itemView" },
///   { "pattern": "shop://admin", "target": "Shop", "action": "admin",
///     "priority": 10, "access": "internal" },
///   { "pattern": "item/:id/reviews", "target": "Shop", "action": "reviews",
///     "origins": ["shop", "https://shop.example.com"] }
/// ]
/// ```
///
/// `pattern`, `target` and `action` are required non-empty strings; `priority` is an optional integer written without
/// fraction or exponent that fits 32 bits (default 0, `10`, not `1e1`) and `access` optionally `"public"` (default) or
/// `"internal"`. `origins`, optional, lists link origins (see ``LinkOrigin``): a scheme (`"shop"`) or `"https://"` and
/// a web host; the row's `pattern` is then the path alone, one route for all. Any other field is an error, so a
/// misspelt field cannot be silently ignored.
public struct RouteTableRow: Sendable, Hashable {
    /// The URL pattern, e.g. `"shop://item/:id"`.
    public var pattern: String
    /// The target name, e.g. `"Shop"`.
    public var target: String
    /// The action name, e.g. `"itemView"`.
    public var action: String
    /// Higher wins when patterns overlap; 0 unless the row says otherwise (`"priority": 10`).
    public var priority: Int
    /// Who may open the pattern, from its `"access"`: `"public"` (the default) or `"internal"` (``RouteAccess``).
    public var access: RouteAccess
    /// The link origins the row's path serves (`"origins": ["shop", "https://shop.example.com"]`); empty if none.
    public var origins: [LinkOrigin]
    /// The row's position in the file, from 1: `2` for the second object of the array.
    public var row: Int
    /// The line of the file on which the row starts, from 1.
    public var line: Int

    /// Creates a row, as ``parse(_:)-(String)`` would from a file.
    ///
    /// ```swift
    /// RouteTableRow(pattern: "shop://item/:id", target: "Shop", action: "itemView")
    /// RouteTableRow(pattern: "item/:id", target: "Shop", action: "itemView", origins: [.scheme("shop")])
    /// ```
    public init(
        pattern: String, target: String, action: String, priority: Int = 0,
        access: RouteAccess = .public, origins: [LinkOrigin] = [], row: Int = 1, line: Int = 1
    ) {
        (self.pattern, self.target, self.action, self.priority) = (pattern, target, action, priority)
        (self.access, self.origins, self.row, self.line) = (access, origins, row, line)
    }

    /// Reads a route table, or reports every bad row; it never returns part of a bad file.
    ///
    /// ```swift
    /// let rows = try RouteTableRow.parse(#"[{"pattern": "shop://item/:id", "target": "Shop", "action": "itemView"}]"#)
    /// ```
    public static func parse(_ json: String) throws(RouteTableError) -> [RouteTableRow] { try parse(Data(json.utf8)) }

    /// Reads a route table from a file's contents, like the `String` form of ``parse(_:)``.
    ///
    /// ```swift
    /// let rows = try RouteTableRow.parse(try Data(contentsOf: tableURL))
    /// ```
    public static func parse(_ json: Data) throws(RouteTableError) -> [RouteTableRow] {
        var issues: [RouteTableError.Issue] = []
        let rows = try read(json, issues: &issues)
        guard issues.isEmpty else { throw RouteTableError.inFileOrder(issues) }
        return rows
    }

    /// The rows that read well; the problems of the others go to `issues`. Throws for a file that is no array.
    static func read(_ json: Data, issues: inout [RouteTableError.Issue]) throws(RouteTableError) -> [RouteTableRow] {
        let root = try JSONReader.read([UInt8](json))
        guard case .array(let elements) = root.value else {
            let message = "a route table is a JSON array of rows, found \(root.kind)"
            throw RouteTableError(issues: [.init(row: nil, line: root.line, message: message)])
        }
        var rows: [RouteTableRow] = []
        for (offset, element) in elements.enumerated() {
            var reader = RowReader(row: offset + 1, node: element)
            if let row = reader.read() { rows.append(row) }
            issues += reader.issues
        }
        return rows
    }

    static let fields = ["pattern", "target", "action", "priority", "access", "origins"]
}

/// Validates one row, collecting every problem in it.
private struct RowReader {
    let row: Int
    let node: JSONNode
    var issues: [RouteTableError.Issue] = []

    /// Records a problem; returns nil, the value of a field that has one.
    mutating func report<Value>(_ line: Int, _ message: String) -> Value? {
        issues.append(RouteTableError.Issue(row: row, line: line, message: message))
        return nil
    }

    mutating func read() -> RouteTableRow? {
        guard case .object(let members) = node.value else {
            return report(
                node.line, "a row is an object with \"pattern\", \"target\" and \"action\", found \(node.kind)")
        }
        var seen: [String: JSONNode.Member] = [:]
        for member in members {
            let key = RouteError.quoted(member.key)
            if seen[member.key] != nil {
                issues.append(.init(row: row, line: member.line, message: "field \(key) appears twice"))
            } else if !RouteTableRow.fields.contains(member.key) {
                let fields = RouteTableRow.fields.map { "\"\($0)\"" }.joined(separator: ", ")
                issues.append(.init(row: row, line: member.line, message: "unknown field \(key); a row has \(fields)"))
            } else {
                seen[member.key] = member
            }
        }
        let pattern = requiredString("pattern", seen["pattern"])
        let target = requiredString("target", seen["target"])
        let action = requiredString("action", seen["action"])
        let priority = seen["priority"].map { self.priority($0) } ?? 0
        let access = seen["access"].map { self.access($0) } ?? .public
        let origins = seen["origins"].map { self.origins($0) } ?? []
        guard issues.isEmpty, let pattern, let target, let action, let priority, let access, let origins else {
            return nil
        }
        return RouteTableRow(
            pattern: pattern, target: target, action: action, priority: priority, access: access,
            origins: origins, row: row, line: node.line)
    }

    /// `["shop", "https://shop.example.com"]`: schemes, and web hosts after `https://`.
    private mutating func origins(_ member: JSONNode.Member) -> [LinkOrigin]? {
        let elements: [JSONNode] = if case .array(let elements) = member.value.value { elements } else { [] }
        let strings = elements.compactMap(\.string).filter { !$0.isEmpty }
        guard !strings.isEmpty, strings.count == elements.count else {
            let example = #"such as ["shop", "https://shop.example.com"]"#
            return report(member.line, "field \"origins\" must be a non-empty array of non-empty strings, \(example)")
        }
        return strings.map { text in
            text.lowercased().hasPrefix("https://") ? .web(String(text.dropFirst("https://".count))) : .scheme(text)
        }
    }

    private mutating func requiredString(_ field: String, _ member: JSONNode.Member?) -> String? {
        guard let member else { return report(node.line, "missing field \"\(field)\"") }
        guard let text = member.value.string else {
            return report(member.line, "field \"\(field)\" must be a string, found \(member.value.kind)")
        }
        if text.isEmpty { return report(member.line, "field \"\(field)\" is empty") }
        if text.first!.isWhitespace || text.last!.isWhitespace {
            return report(member.line, "field \"\(field)\" starts or ends with white space: \(RouteError.quoted(text))")
        }
        return text
    }

    private mutating func priority(_ member: JSONNode.Member) -> Int? {
        guard case .number(let text) = member.value.value else {
            return report(member.line, "field \"priority\" must be an integer, found \(member.value.kind)")
        }
        guard let value = Int32(text) else {
            let wanted = "a 32-bit integer, without fraction or exponent"
            return report(member.line, "field \"priority\" must be \(wanted), found \(RouteError.quoted(text))")
        }
        return Int(value)
    }

    private mutating func access(_ member: JSONNode.Member) -> RouteAccess? {
        let text = member.value.string
        guard let access = text.flatMap(RouteAccess.init(rawValue:)) else {
            let found = text.map(RouteError.quoted) ?? member.value.kind
            return report(member.line, "field \"access\" must be \"public\" or \"internal\", found \(found)")
        }
        return access
    }
}

/// Why a route table was rejected: every problem found, each with its row and line.
///
/// ```swift
/// do { _ = try RouteTableRow.parse(text) }
/// catch { print(error) }   // Route table rejected: row 2, line 4: unknown field "priorty" ...
/// ```
public struct RouteTableError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// One problem, which prints as `row 2, line 4: missing field "target"`.
    public struct Issue: Sendable, Equatable, CustomStringConvertible {
        /// The row, from 1 (`2` in `row 2, line 4: ...`); nil when the whole file is wrong (not JSON, not an array).
        public var row: Int?
        /// The line of the file, from 1.
        public var line: Int
        /// What is wrong, quoting the field or value: `missing field "target"`.
        public var message: String

        /// `row 2, line 4: missing field "target"`.
        public var description: String { (row.map { "row \($0), line \(line)" } ?? "line \(line)") + ": " + message }

        /// Creates an issue.
        ///
        /// ```swift
        /// RouteTableError.Issue(row: 2, line: 4, message: "missing field \"target\"")
        /// ```
        public init(row: Int?, line: Int, message: String) {
            (self.row, self.line, self.message) = (row, line, message)
        }
    }

    /// Every problem found, in file order: `error.issues.map(\.line)` gives the lines to fix.
    public var issues: [Issue]

    /// `Route table rejected: ` and the issue, or the issues one per indented line: the first
    /// 50, then how many more there are.
    public var description: String {
        var lines = issues.prefix(50).map(\.description)
        if issues.count > 50 { lines.append("and \(issues.count - 50) more issues") }
        return "Route table rejected:" + (lines.count == 1 ? " " + lines[0] : lines.map { "\n  " + $0 }.joined())
    }
    /// The description, as `error.localizedDescription` shows it.
    public var errorDescription: String? { description }

    /// Creates an error from its issues.
    ///
    /// ```swift
    /// RouteTableError(issues: [.init(row: nil, line: 1, message: "the file is empty")])
    /// ```
    public init(issues: [Issue]) { self.issues = issues }

    /// An error of `issues` sorted by row, then line; issues of one line keep their order (the sort is stable).
    static func inFileOrder(_ issues: [Issue]) -> RouteTableError {
        RouteTableError(issues: issues.sorted { ($0.row ?? 0, $0.line) < ($1.row ?? 0, $1.line) })
    }
}
