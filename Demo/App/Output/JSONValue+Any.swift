/// Converting what a handler completed with (`Any?`) into a ``JSONValue``.
extension JSONValue {
    /// Converts a handler's value: strings, numbers, booleans, arrays, string-keyed
    /// dictionaries (sorted by key) and optionals map to JSON; a type with a `description` is
    /// that string; other structs and classes are objects of their stored properties; anything
    /// else is its `String(describing:)`.
    init(any value: Any?) {
        guard let value else {
            self = .null
            return
        }
        // Exact casts of the common types first: each is a type comparison, and a cast looks
        // through optionals. Everything else takes the general path below, which gives these
        // types the same values.
        switch value {
        case let string as String: self = .string(string)
        case let int as Int: self = .int(int)
        case let bool as Bool: self = .bool(bool)
        case let double as Double: self = .double(double)
        case let dictionary as [String: Any]: self = Self.sortedObject(dictionary)
        case let array as [Any]: self = .array(array.map { JSONValue(any: $0) })
        default: self = Self.general(value)
        }
    }

    /// Any value, as the cases of ``init(any:)`` say.
    private static func general(_ value: Any) -> JSONValue {
        guard let unwrapped = unwrapOptional(value) else { return .null }
        switch unwrapped {
        case let json as JSONValue: return json
        case let bool as Bool: return .bool(bool)
        case let int as Int: return .int(int)
        case let int as Int32: return .int(Int(int))
        case let int as Int64: return .int(Int(int))
        case let int as UInt: return int <= UInt(Int.max) ? .int(Int(int)) : .double(Double(int))
        case let double as Double: return .double(double)
        case let float as Float: return .double(Double(float))
        case let string as String: return .string(string)
        case let substring as Substring: return .string(String(substring))
        case let array as [Any?]: return .array(array.map { JSONValue(any: $0) })
        case let array as [Any]: return .array(array.map { JSONValue(any: $0) })
        case let dictionary as [String: Any?]:
            return .object(dictionary.keys.sorted().map { ($0, JSONValue(any: dictionary[$0] ?? nil)) })
        case let dictionary as [String: Any]: return sortedObject(dictionary)
        case let describable as CustomStringConvertible: return .string(describable.description)
        default: return structure(of: unwrapped) ?? .string(String(describing: unwrapped))
        }
    }

    /// The members converted, then sorted by key (keys are unique, so the order is total).
    private static func sortedObject(_ dictionary: [String: Any]) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        members.reserveCapacity(dictionary.count)
        for (key, value) in dictionary { members.append((key, JSONValue(any: value))) }
        members.sort { $0.key < $1.key }
        return .object(members)
    }

    /// A struct or class without a description of its own, as an object of its stored
    /// properties in declaration order: `ShopItemView` → `{"id":42,"title":…}`.
    private static func structure(of value: Any) -> JSONValue? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .struct || mirror.displayStyle == .class, !mirror.children.isEmpty else { return nil }
        var members: [(key: String, value: JSONValue)] = []
        for child in mirror.children {
            guard let label = child.label else { return nil }
            members.append((label, JSONValue(any: child.value)))
        }
        return .object(members)
    }

    /// Looks through `Optional` wrappers hidden inside an `Any`; nil for a wrapped nil.
    private static func unwrapOptional(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        guard let child = mirror.children.first else { return nil }
        return unwrapOptional(child.value)
    }
}
