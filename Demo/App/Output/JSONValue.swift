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
