/// Converting what a handler completed with (`Any?`) into a ``JSONValue``.
extension JSONValue {
    /// Converts a handler's value: strings, numbers, booleans, arrays, string-keyed
    /// dictionaries (sorted by key), `KeyValuePairs<String, Any>` (in their order) and
    /// optionals map to JSON; a type with a `description` is
    /// that string; other structs and classes are objects of their stored properties; anything
    /// else is its `String(describing:)`.
    init(any value: Any?) {
        self = value.map(Self.converting) ?? .null
    }

    /// ``init(any:)`` for a value that is there; taking `Any`, not `Any?`, spares the members
    /// of a result an optional wrapper each.
    private static func converting(_ value: Any) -> JSONValue {
        // Passing the `Any` to a generic parameter opens it: `T` is the value's dynamic type.
        converting(opened: value)
    }

    /// The common types first, told apart by comparing `T`, the value's own type: a dynamic
    /// cast (`as?`, `as!`) costs hundreds of instructions even when it succeeds. Everything
    /// else (optionals, other types) takes the general path below, which gives these types the
    /// same values.
    private static func converting<T>(opened value: T) -> JSONValue {
        // Each bit cast is to `T` itself, as the comparison before it has just shown.
        if T.self == String.self { return .string(unsafeBitCast(value, to: String.self)) }
        if T.self == Int.self { return .int(unsafeBitCast(value, to: Int.self)) }
        if T.self == KeyValuePairs<String, Any>.self {
            return object(unsafeBitCast(value, to: KeyValuePairs<String, Any>.self))
        }
        if T.self == [String: Any].self { return sortedObject(unsafeBitCast(value, to: [String: Any].self)) }
        if T.self == Bool.self { return .bool(unsafeBitCast(value, to: Bool.self)) }
        if T.self == Double.self { return .double(unsafeBitCast(value, to: Double.self)) }
        if T.self == [Any].self { return .array(unsafeBitCast(value, to: [Any].self).map(converting)) }
        return general(value)
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
        case let pairs as KeyValuePairs<String, Any>: return object(pairs)
        case let describable as CustomStringConvertible: return .string(describable.description)
        default: return structure(of: unwrapped) ?? .string(String(describing: unwrapped))
        }
    }

    /// The members converted, then sorted by key (keys are unique, so the order is total).
    private static func sortedObject(_ dictionary: [String: Any]) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        members.reserveCapacity(dictionary.count)
        for (key, value) in dictionary { members.append((key, converting(value))) }
        members.sort { $0.key < $1.key }
        return .object(members)
    }

    /// The pairs converted, in their order.
    private static func object(_ pairs: KeyValuePairs<String, Any>) -> JSONValue {
        .object(pairs.map { (key: $0.key, value: converting($0.value)) })
    }

    /// A struct or class without a description of its own, as an object of its stored
    /// properties in declaration order: `ShopItemView` → `{"id":42,"title":…}`.
    private static func structure(of value: Any) -> JSONValue? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .struct || mirror.displayStyle == .class, !mirror.children.isEmpty else {
            return nil
        }
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
