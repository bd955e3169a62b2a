/// Writes an `Encodable` value's fields as texts, the inverse of ``ParameterDecoder``: what
/// ``Router/url(for:origin:)`` puts in the path and query, and what a typed mediator call
/// passes to an action that reads its parameters as a dictionary.
///
/// ```swift
/// try ParameterEncoder.encode(ItemRoute(id: 42, ref: "mail", tag: ["a", "b"]))
/// // [("id", ["42"]), ("ref", ["mail"]), ("tag", ["a", "b"])]
/// ```
///
/// A nil optional writes nothing; an array writes each element; a `Bool` writes `true` or
/// `false`; a `UUID` its `uuidString`; an enum its raw value.
enum ParameterEncoder {
    /// The fields in the order the value encodes them, each with its texts.
    ///
    /// - Throws: ``RouteError`` `.invalidParameter` for a field with no text: a non-finite number, or a nested record.
    static func encode(_ value: some Encodable) throws(RouteError) -> [(name: String, values: [String])] {
        let sink = FieldSink()
        do {
            try value.encode(to: FieldWriter(sink: sink, name: nil))
            if let refused = sink.refused { throw refused }
        } catch { throw RouteError(.invalidParameter, "\(type(of: value)) cannot be written as parameters: \(error).") }
        return sink.fields
    }
}

/// Where the writer collects the fields. A class: nested writers append to one list.
private final class FieldSink {
    var fields: [(name: String, values: [String])] = []
    /// Why what was written cannot be read back though no write failed: a container the decoder refuses, left empty.
    var refused: (any Error)?

    /// Writes `value` into `field`: a scalar as its text, anything else as it encodes itself (as an array's `element`).
    func write<T: Encodable>(_ value: T, field: String, element: Bool = false) throws {
        if let number = value as? any BinaryFloatingPoint, !number.isFinite {
            throw FieldFailure(field: field, value: "\(number)", expected: "finite \(type(of: value))")
        }
        if ParameterDecoder.isScalar(T.self), let text = DictionaryValues.text(value) { return append(field, text) }
        let writer = FieldWriter(sink: self, name: field, element: element)
        do { try value.encode(to: writer); if let refused { throw refused } } catch let failure as UnsupportedField {
            // A record's own writer knows only its field: its type is named here, as registration names it.
            guard failure.type == "a nested record" else { throw failure }
            throw UnsupportedField(field: field, type: "\(RouteFields.name(of: T.self)), a nested record")
        }
    }

    func append(_ name: String, _ text: String) {
        guard let index = fields.lastIndex(where: { $0.name == name }) else { return fields.append((name, [text])) }
        fields[index].values.append(text)
    }
}

/// One field's writer, or at the top (`name` nil) the record's: the encoder a value writes
/// itself to, and the single-value and unkeyed containers of a field, which alike add texts to it.
private struct FieldWriter: Encoder, SingleValueEncodingContainer, UnkeyedEncodingContainer {
    let sink: FieldSink
    let name: String?
    var count = 0
    /// Whether this writes an array's elements, which no array and no optional can be, as the decoder reads them.
    var list = false
    /// Whether this writes one element of an array, which has no array and no nil of its own either.
    var element = false
    /// Why nothing written here has a text, if so: an array's element that is an array of its own, or a record's.
    var refusal: String?
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if let name { sink.refused = UnsupportedField(field: name, type: "a nested record") }  // even left empty
        return KeyedEncodingContainer(FieldsWriter(sink: sink, nested: name))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if name == nil { sink.refused = FieldFailure.notARecord }  // the decoder reads a record alone at the top
        return FieldWriter(sink: sink, name: name ?? "", list: true, refusal: element ? Self.arrays : refusal)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        if name == nil { sink.refused = FieldFailure.notARecord }
        return FieldWriter(sink: sink, name: name ?? "", element: element, refusal: refusal)
    }

    mutating func encodeNil() throws {
        if list || element { throw UnsupportedField(field: name ?? "", type: "an array of optionals") }
    }
    // The protocols' own entry points for these two throw; they write as every other integer.
    mutating func encode(_ value: Int128) throws { try encode(String(value)) }
    mutating func encode(_ value: UInt128) throws { try encode(String(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        count += 1
        if let refusal { throw UnsupportedField(field: name ?? "", type: refusal) }
        if list, T.self != String.self, T.self is any Collection.Type || T.self is any ExpressibleByNilLiteral.Type {
            throw UnsupportedField(field: name ?? "", type: "an array of \(T.self), which no query item can hold")
        }
        try sink.write(value, field: name ?? "", element: list || element)
    }

    mutating func nestedContainer<Key: CodingKey>(keyedBy keyType: Key.Type) -> KeyedEncodingContainer<Key> {
        container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        FieldWriter(sink: sink, name: name, list: true, refusal: Self.arrays)
    }
    static let arrays = "an array of arrays, which no query item can hold"
    mutating func superEncoder() -> any Encoder { FieldWriter(sink: sink, name: name, refusal: "a superclass") }
}

private struct FieldsWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let sink: FieldSink
    /// The field this record sits in; records inside fields have no text.
    let nested: String?
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {}

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if let nested { throw UnsupportedField(field: nested, type: "a nested record") }
        try sink.write(value, field: key.stringValue)
    }
    // The protocol's own entry points for these two throw; they write as every other integer.
    mutating func encode(_ value: Int128, forKey key: Key) throws { try encode(String(value), forKey: key) }
    mutating func encode(_ value: UInt128, forKey key: Key) throws { try encode(String(value), forKey: key) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    { FieldWriter(sink: sink, name: key.stringValue).container(keyedBy: keyType) }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        FieldWriter(sink: sink, name: key.stringValue, list: true, refusal: refusal)
    }

    // As the decoder, which reads no superclass: a field written through a super encoder could not be read back.
    mutating func superEncoder() -> any Encoder { FieldWriter(sink: sink, name: "super", refusal: superRefusal) }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        FieldWriter(sink: sink, name: key.stringValue, refusal: superRefusal)
    }

    /// What every writer made from a record inside a field refuses.
    private var refusal: String? { nested.map { _ in "a nested record" } }
    private var superRefusal: String { refusal ?? "a superclass" }
}
