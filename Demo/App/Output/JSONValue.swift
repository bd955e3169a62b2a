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

    /// A string-to-string dictionary as an object sorted by key.
    init(sortedStrings dictionary: [String: String]) {
        self = .object(dictionary.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })
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
        var output: [UInt8] = []
        JSONBytes.append(self, to: &output)
        return String(decoding: output, as: UTF8.self)
    }
}

/// JSON strings as text.
enum JSONString {
    /// `string` as a quoted JSON string. Quotes, backslashes, control characters (DEL and C1
    /// included), line and paragraph separators and bidirectional controls are escaped, so the
    /// line is safe to print to a terminal and to paste into JavaScript; everything else is
    /// written as UTF-8.
    static func quoted(_ string: String) -> String {
        var output: [UInt8] = []
        JSONBytes.appendString(string, to: &output)
        return String(decoding: output, as: UTF8.self)
    }
}
