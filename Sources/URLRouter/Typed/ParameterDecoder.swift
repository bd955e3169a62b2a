import Foundation

/// The one decoder of typed routes and typed actions: reads a `Decodable` value's fields from string parameters (a
/// matched URL's, a mediator call's, or the placeholders of ``RouteFields``).
///
/// A field named like a path placeholder takes its value; any other reads the query (the last item of that name; an
/// array field, every item of that name, in order). Texts convert by the rules of the built-in placeholder types: `Int`
/// as `<int>`, `Double` as `<double>`, `Bool` as `<bool>` (`true`, `false`, `1`, `0`), `UUID` as `<uuid>`; a
/// `RawRepresentable` enum by its raw value. An optional field is nil when absent; an array field is empty when absent.
///
/// ```swift
/// // pattern "shop://item/:id<int>", URL "shop://item/42?ref=mail&tag=a&tag=b"
/// struct ItemRoute: URLRoute { static let pattern = "shop://item/:id<int>"; var id: Int; var ref: String?; var tag: [String] }
/// let item = try ParameterDecoder.decode(ItemRoute.self, from: match.parameters)  // id 42, ref "mail", tag ["a", "b"]
/// ```
enum ParameterDecoder {
    /// `Value` read from `values`; throws ``FieldFailure`` naming the first field that failed.
    static func decode<Value: Decodable>(_ type: Value.Type, from values: some ParameterValues) throws -> Value {
        try Value(from: RecordDecoder(values: values))
    }

    /// `text` as a scalar of type `T`, by the placeholder types' rules; nil when it is not one or `T` is not a scalar.
    static func scalar<T>(_ text: String, as type: T.Type) -> T? {
        var contiguous = text
        return contiguous.withUTF8 { bytes -> T? in
            switch type {
            case is String.Type: return text as? T
            case is Bool.Type:
                guard RouteParameterType.isBool(bytes) else { return nil }
                return (bytes.count == 4 || bytes.first == UInt8(ascii: "1")) as? T
            case is UUID.Type:
                guard RouteParameterType.isUUID(bytes) else { return nil }
                return UUID(uuidString: text) as? T
            case let integer as any FixedWidthInteger.Type:
                // Sign and digits, in range: what `<int>` accepts, for every width.
                return integer.init(text, radix: 10) as? T
            // Finite only: a number too large for the type is no value, as it has no text to print.
            case let float as any (BinaryFloatingPoint & LosslessStringConvertible).Type:
                let value = RouteParameterType.isDouble(bytes) ? float.init(text) : nil
                return value?.isFinite == true ? value as? T : nil
            default: return nil
            }
        }
    }

    /// Whether `T` is one of the types ``scalar(_:as:)`` reads.
    static func isScalar<T>(_ type: T.Type) -> Bool {
        type == String.self || type == Bool.self || type == UUID.self || type is any FixedWidthInteger.Type
            || type is any (BinaryFloatingPoint & LosslessStringConvertible).Type
    }
}

/// The top level: a record of named fields.
private struct RecordDecoder<Values: ParameterValues>: Decoder {
    let values: Values
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(FieldsContainer(values: values))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw FieldFailure.notARecord }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { throw FieldFailure.notARecord }
}

/// The fields by name. The common scalar types are read without a nested decoder.
private struct FieldsContainer<Key: CodingKey, Values: ParameterValues>: KeyedDecodingContainerProtocol {
    let values: Values
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { values.last(key.stringValue) != nil }
    func decodeNil(forKey key: Key) throws -> Bool { values.last(key.stringValue) == nil }

    /// `Int`, the usual field, without the generic path's type lookups (half a typed match).
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        let name = key.stringValue
        if let recorder = values.recorder { return try recorder.placeholder(Int.self, field: name) }
        guard let text = values.last(name) else { throw FieldFailure(field: name, value: nil, expected: "Int") }
        // Sign and digits, in range: what `<int>` accepts.
        guard let value = Int(text, radix: 10) else { throw FieldFailure(field: name, value: text, expected: "Int") }
        return value
    }

    /// One lookup of the field, not the three of the default (`contains`, `decodeNil`, `decode`).
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { values.last(key.stringValue) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard contains(key) else { return nil }
        return try decode(type, forKey: key)
    }
    // The protocol's own entry points for these two throw; they read as every other integer.
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try generic(type, key) }
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try generic(type, key) }
    private func generic<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T { try decode(type, forKey: key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        if let recorder = values.recorder { return try recorder.placeholder(T.self, field: key.stringValue) }
        if ParameterDecoder.isScalar(T.self) { return try scalar(type, key) }
        return try field(key).decodeItself(T.self)
    }

    private func scalar<T>(_ type: T.Type, _ key: Key) throws -> T {
        let name = key.stringValue
        guard let text = values.last(name) else { throw FieldFailure(field: name, value: nil, type: T.self) }
        guard let value = ParameterDecoder.scalar(text, as: type) else {
            throw FieldFailure(field: name, value: text, type: T.self)
        }
        return value
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    { throw field(key).unsupported("a nested record") }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try field(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { throw UnsupportedField(field: "super", type: "a superclass") }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw field(key).unsupported("a superclass") }

    private func field(_ key: Key) -> FieldDecoder {
        let name = key.stringValue
        return FieldDecoder(name: name, values: values.all(name), recorder: values.recorder, single: values.last(name))
    }
}
