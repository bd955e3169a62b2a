/// A JSON value whose object members keep the order they were built in, so every line the
/// program prints has a stable key order.
enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    /// Converts a handler's value: strings, numbers, booleans, arrays, string-keyed
    /// dictionaries (sorted by key) and optionals map to JSON; a type with a `description` is
    /// that string; other structs and classes are objects of their stored properties; anything
    /// else is its `String(describing:)`.
    init(any value: Any?) {
        guard let value, let unwrapped = Self.unwrapOptional(value) else {
            self = .null
            return
        }
        switch unwrapped {
        case let json as JSONValue: self = json
        case let bool as Bool: self = .bool(bool)
        case let int as Int: self = .int(int)
        case let int as Int32: self = .int(Int(int))
        case let int as Int64: self = .int(Int(int))
        case let int as UInt: self = int <= UInt(Int.max) ? .int(Int(int)) : .double(Double(int))
        case let double as Double: self = .double(double)
        case let float as Float: self = .double(Double(float))
        case let string as String: self = .string(string)
        case let substring as Substring: self = .string(String(substring))
        case let array as [Any?]: self = .array(array.map { JSONValue(any: $0) })
        case let array as [Any]: self = .array(array.map { JSONValue(any: $0) })
        case let dictionary as [String: Any?]:
            self = .object(dictionary.keys.sorted().map { ($0, JSONValue(any: dictionary[$0] ?? nil)) })
        case let dictionary as [String: Any]:
            self = .object(dictionary.keys.sorted().map { ($0, JSONValue(any: dictionary[$0])) })
        case let describable as CustomStringConvertible: self = .string(describable.description)
        default: self = Self.structure(of: unwrapped) ?? .string(String(describing: unwrapped))
        }
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

    /// A string-to-string dictionary as an object sorted by key.
    init(sortedStrings dictionary: [String: String]) {
        self = .object(dictionary.keys.sorted().map { ($0, .string(dictionary[$0] ?? "")) })
    }

    /// The value of member `key` when `self` is an object.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The string payload, if this is a string.
    var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// Compact JSON text on one line.
    var encoded: String {
        var output = ""
        encode(into: &output)
        return output
    }

    private func encode(into output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let bool): output += bool ? "true" : "false"
        case .int(let int): output += String(int)
        case .double(let double): output += double.isFinite ? String(double) : "null"
        case .string(let string): JSONString.append(string, to: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                element.encode(into: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                JSONString.append(member.key, to: &output)
                output += ":"
                member.value.encode(into: &output)
            }
            output += "}"
        }
    }

    /// Looks through `Optional` wrappers hidden inside an `Any`; nil for a wrapped nil.
    private static func unwrapOptional(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        guard let child = mirror.children.first else { return nil }
        return unwrapOptional(child.value)
    }
}

/// The JSON string escaper.
enum JSONString {
    /// Appends `string` as a quoted JSON string. Control characters, quotes and backslashes are
    /// escaped, as are DEL and U+2028/U+2029 so the line is safe to paste into JavaScript too;
    /// everything else is written as UTF-8.
    static func append(_ string: String, to output: inout String) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case "\u{00}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}":
                output += "\\u" + hex4(scalar.value)
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }

    /// `string` as a quoted JSON string.
    static func quoted(_ string: String) -> String {
        var output = ""
        append(string, to: &output)
        return output
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
