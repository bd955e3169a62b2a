/// Decoding, for `send`, which reads the daemon's reply line back into a ``JSONValue``.
/// Object members come back sorted by key, since the decoder does not keep their order.
extension JSONValue: Decodable {
    init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: AnyKey.self) {
            self = .object(
                try container.allKeys.sorted { $0.stringValue < $1.stringValue }.map {
                    ($0.stringValue, try container.decode(JSONValue.self, forKey: $0))
                })
            return
        }
        if var container = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !container.isAtEnd { elements.append(try container.decode(JSONValue.self)) }
            self = .array(elements)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let bool = try? single.decode(Bool.self) {
            self = .bool(bool)
        } else if let int = try? single.decode(Int.self) {
            self = .int(int)
        } else if let double = try? single.decode(Double.self) {
            self = .double(double)
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
