/// The values of one field, for a type that decodes itself: a `RawRepresentable` enum reads
/// one value (the decoder is its own single-value container), an array reads every value.
///
/// ```swift
/// // "?sort=price&tag=a&tag=b"
/// enum Sort: String, Codable { case price, name }   // reads "price" through FieldDecoder
/// var tag: [String]                                  // reads ["a", "b"]
/// ```
///
/// While ``RouteFields`` records a type's fields, `recorder` is set: every value read is the
/// recorder's placeholder, and a part no text can fill is noted there.
struct FieldDecoder: Decoder, SingleValueDecodingContainer {
    let name: String
    let values: [String]
    var recorder: RouteFields? = nil
    /// What a scalar reads, when not the last of `values`: the whole path a `**` took, not its last segment.
    var single: String? = nil
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw unsupported("a nested record")
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { Elements(field: self) }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { values.isEmpty }
    // The protocols' own entry points for these two throw; the generic one reads them as every other integer.
    func decode(_ type: Int128.Type) throws -> Int128 { try generic(type) }
    func decode(_ type: UInt128.Type) throws -> UInt128 { try generic(type) }
    private func generic<T: Decodable>(_ type: T.Type) throws -> T { try decode(type) }

    /// The last value, or one element of an array, as a `T`; a `T` that decodes itself reads them all, as a field does.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let recorder { return try recorder.placeholder(T.self, field: name) }
        let text = single ?? values.last
        if let text, let value = ParameterDecoder.scalar(text, as: T.self) { return value }
        if ParameterDecoder.isScalar(T.self) { throw FieldFailure(field: name, value: text, type: T.self) }
        return try decodeItself(T.self)
    }

    /// `T` read by its own `init(from:)`; a failure names the field.
    func decodeItself<T: Decodable>(_ type: T.Type) throws -> T {
        do {
            return try T(from: self)
        } catch let failure as FieldFailure where !values.isEmpty && !(T.self is any RawRepresentable.Type) {
            throw failure  // an element's, naming its value; a raw value's or a missing field's is `T`'s
        } catch { throw FieldFailure(field: name, value: values.last, type: T.self) }
    }

    /// The error for a part of the field no text can fill, noted by the recorder.
    func unsupported(_ type: String) -> UnsupportedField {
        recorder?.unsupported.append((name, type))
        return UnsupportedField(field: name, type: type)
    }

    /// The values of an array field, in order.
    struct Elements: UnkeyedDecodingContainer {
        let field: FieldDecoder
        var currentIndex = 0
        var codingPath: [any CodingKey] { [] }
        var count: Int? { field.values.count }
        var isAtEnd: Bool { currentIndex >= field.values.count }

        mutating func decodeNil() throws -> Bool { false }
        mutating func decode(_ type: Int128.Type) throws -> Int128 { try generic(type) }
        mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try generic(type) }
        private mutating func generic<T: Decodable>(_ type: T.Type) throws -> T { try decode(type) }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            guard !isAtEnd else { throw FieldFailure(field: field.name, value: nil, type: T.self) }
            if T.self != String.self, T.self is any Collection.Type { throw field.unsupported("a nested array") }
            if T.self is any ExpressibleByNilLiteral.Type { throw field.unsupported("an array of optionals") }
            let element = FieldDecoder(name: field.name, values: [field.values[currentIndex]], recorder: field.recorder)
            let value = try element.decode(type)
            currentIndex += 1
            return value
        }

        mutating func nestedContainer<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            throw field.unsupported("a nested record")
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            throw field.unsupported("a nested array")
        }

        mutating func superDecoder() throws -> any Decoder { throw field.unsupported("a superclass") }
    }
}
