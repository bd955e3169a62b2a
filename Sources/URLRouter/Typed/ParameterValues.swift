import Foundation

/// Where ``ParameterDecoder`` reads a field's text: a matched URL's parameters, or the
/// `[String: Any]` of a mediator call.
protocol ParameterValues {
    /// The value a scalar field reads: a path placeholder's, else the last query item's (a
    /// matched URL's query fills no field of a typed route's placeholder).
    func last(_ name: String) -> String?
    /// What an array field reads: the placeholder's value (each segment of a `**`), else every query item of its name.
    func all(_ name: String) -> [String]
    /// Set while ``RouteFields`` records a type's fields: the decoder then reads placeholders.
    var recorder: RouteFields? { get }
}

extension ParameterValues { var recorder: RouteFields? { nil } }

extension RouteParameters: ParameterValues {
    func last(_ name: String) -> String? { pathValue(name) ?? (isPlaceholder(name) ? tail(name) : queryValue(name)) }

    func all(_ name: String) -> [String] {
        if let path = pathValue(name) { return [path] }
        if name == "**", case let pieces = RouteMatch(parameters: self).wildcard, !pieces.isEmpty { return pieces }
        return isPlaceholder(name) ? [] : queryItems.compactMap { $0.name == name ? $0.value : nil }
    }

    /// For the field `**`, the path the `**` took (nil when none), as the bridge reads it; nil for any other name.
    private func tail(_ name: String) -> String? {
        name == "**" ? RouteMatch(parameters: self).parametersWithWildcard[name] : nil
    }

    /// Whether `name` is a placeholder of the route matched, in any of its combinations: a typed
    /// route keeps them; for one registered untyped and read as a type, its pattern tells.
    private func isPlaceholder(_ name: String) -> Bool {
        guard let route = table.routes[Int(table.trie.leaves[Int(leaf)].route)] else { return false }
        return route.typed?.placeholders.contains(name)
            ?? (try? RoutePattern(route.pattern, knownTypes: { _ in true }, limits: table.options.limits))
            .map { RouteFields.placeholders(of: $0).contains(name) } ?? false
    }
}

/// A mediator call's parameters: strings from URLs and bridged routes, or native values from
/// in-app callers, read through their text so that one set of conversion rules serves both.
struct DictionaryValues: ParameterValues {
    let dictionary: [String: Any]

    func last(_ name: String) -> String? { items(name).last.flatMap(Self.text) }

    func all(_ name: String) -> [String] { items(name).compactMap(Self.text) }

    /// The items of `name`'s array, or its one value; none when the name is not there.
    private func items(_ name: String) -> [Any] { dictionary[name].map { $0 as? [Any] ?? [$0] } ?? [] }

    /// JSON's `null` (`NSNull`) or a nil optional put in an `Any`: no value, as if the name were not there.
    static func isAbsent(_ value: Any) -> Bool {
        let mirror = Mirror(reflecting: value)
        return value is NSNull || (mirror.displayStyle == .optional && mirror.children.isEmpty)
    }

    /// The text of a native value, as ``ParameterEncoder`` writes it; nil for values that have
    /// none (a dictionary, a view, ...).
    static func text(_ value: Any) -> String? {
        switch value {
        case let string as String: return string
        case let uuid as UUID: return uuid.uuidString
        // JSON's and Objective-C's numbers: `1`, not `true` (a Swift `Int` casts to `NSNumber` too).
        case let number as NSNumber where type(of: value) is NSNumber.Type:
            return number.stringValue.replacing(#/\.0$/#, with: "")  // `3`, as on Darwin, not Linux's `3.0`
        case let bool as Bool: return bool ? "true" : "false"
        case let raw as any RawRepresentable: return text(raw.rawValue)
        case let value as any LosslessStringConvertible: return value.description
        default: return nil
        }
    }
}

/// Why a field did not decode: the answer `explain` gives for a typed route that did not take
/// a URL, and the message of the `RouteError` a typed call fails with.
struct FieldFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The field's name: its placeholder or query item.
    let field: String
    /// The text that did not convert; nil when the field is missing.
    let value: String?
    /// The type the field wanted, as Swift names it.
    let expected: String

    /// A type that is no record of named fields (an enum, a single value), which fields cannot fill.
    static let notARecord = FieldFailure(field: "", value: nil, expected: "a struct of named fields")

    var description: String {
        if self == .notARecord { return "the type is not \(expected)" }
        guard let value else { return "field \"\(field)\" (\(expected)) is missing" }
        if field.isEmpty { return "\(expected) did not take the values: \(RouteError.quoted(value))" }
        return "field \"\(field)\": \(RouteError.quoted(value)) is not a valid \(expected)"
    }
}

extension FieldFailure {
    /// A failure to read `type`, named with the types it is nested in (`ReviewScreen.Sort`).
    init(field: String, value: String?, type: Any.Type) {
        self.init(field: field, value: value, expected: RouteFields.name(of: type))
    }
}

/// A field whose type cannot be read from text (a nested struct, a dictionary, ...): a
/// mistake in the declaration, refused at registration.
struct UnsupportedField: Error, Sendable, CustomStringConvertible {
    let field: String
    let type: String
    var description: String { "field \"\(field)\" is \(type)" }
}
