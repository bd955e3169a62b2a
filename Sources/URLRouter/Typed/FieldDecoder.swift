/// The values of one field, for a type that decodes itself: a `RawRepresentable` enum reads
/// one value, an array reads every value.
///
/// ```swift
/// // "?sort=price&tag=a&tag=b"
/// enum Sort: String, Codable { case price, name }   // reads "price" through FieldDecoder
/// var tag: [String]                                  // reads ["a", "b"]
/// ```
struct FieldDecoder: Decoder {
    let name: String
    let values: [String]
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw UnsupportedField(field: name, type: "a nested record")
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { elements() }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        FieldValue(name: name, text: values.last)
    }

    func elements() -> Elements { Elements(name: name, values: values) }

    /// One text: the last value of the field, or one element of an array.
    struct FieldValue: SingleValueDecodingContainer {
        let name: String
        let text: String?
        var codingPath: [any CodingKey] { [] }

        func decodeNil() -> Bool { text == nil }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            guard let text else { throw FieldFailure(field: name, value: nil, expected: "\(T.self)") }
            if let value = ParameterDecoder.scalar(text, as: T.self) { return value }
            if ParameterDecoder.isScalar(T.self) { throw FieldFailure(field: name, value: text, expected: "\(T.self)") }
            do {
                return try T(from: FieldDecoder(name: name, values: [text]))
            } catch let failure as FieldFailure {
                throw failure
            } catch {
                throw FieldFailure(field: name, value: text, expected: "\(T.self)")
            }
        }
    }

    /// The values of an array field, in order.
    struct Elements: UnkeyedDecodingContainer {
        let name: String
        let values: [String]
        var currentIndex = 0
        var codingPath: [any CodingKey] { [] }
        var count: Int? { values.count }
        var isAtEnd: Bool { currentIndex >= values.count }

        init(name: String, values: [String]) {
            self.name = name
            self.values = values
        }

        mutating func decodeNil() throws -> Bool { false }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            guard !isAtEnd else { throw FieldFailure(field: name, value: nil, expected: "\(T.self)") }
            let text = values[currentIndex]
            let value = try FieldValue(name: name, text: text).decode(type)
            currentIndex += 1
            return value
        }

        mutating func nestedContainer<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            throw UnsupportedField(field: name, type: "a nested record")
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            throw UnsupportedField(field: name, type: "a nested array")
        }

        mutating func superDecoder() throws -> any Decoder { throw UnsupportedField(field: name, type: "a superclass") }
    }
}
