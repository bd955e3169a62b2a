import Foundation

/// The fields a `Decodable` type reads, found once at registration by decoding it from a
/// recorder that answers every question with a placeholder value.
///
/// ```swift
/// struct ItemRoute: URLRoute { static let pattern = "shop://item/:id<int>"; var id: Int; var ref: String? }
/// RouteFields(ItemRoute.self).required     // ["id"]
/// RouteFields(ItemRoute.self).optional     // ["ref"]
/// ```
struct RouteFields {
    /// Fields the type cannot do without, in the order it reads them.
    private(set) var required: [String] = []
    /// Fields that may be absent (optionals).
    private(set) var optional: [String] = []
    /// Fields of a type that cannot be read from text, with that type.
    private(set) var unsupported: [(field: String, type: String)] = []
    /// Whether the type read all its fields: false when its `init(from:)` threw on the
    /// recorder's placeholder values, and the lists may be short.
    private(set) var isComplete = true

    var all: [String] { required + optional }

    init<Value: Decodable>(_ type: Value.Type) {
        let recorder = FieldRecorder()
        do {
            _ = try Value(from: recorder)
        } catch {
            isComplete = false
        }
        for field in recorder.log.fields where !all.contains(field.name) {
            if field.optional { optional.append(field.name) } else { required.append(field.name) }
        }
        unsupported = recorder.log.unsupported
    }

    /// Throws unless every placeholder of `pattern` has a field and every field reads text.
    ///
    /// - Throws: ``RouteError`` with `.invalidPattern`, naming the type, the pattern and the field.
    func check(_ typeName: String, against pattern: String, limits: Router.Limits) throws(RouteError) {
        if let (field, type) = unsupported.first {
            throw .invalidPattern(
                pattern,
                "\(typeName).\(field) is \(type), which neither a path segment nor a query item can fill.")
        }
        guard isComplete, let parsed = try? RoutePattern(pattern, knownTypes: { _ in true }, limits: limits) else {
            return
        }
        for name in Self.placeholders(of: parsed) where !all.contains(name) {
            throw .invalidPattern(pattern, "the placeholder \":\(name)\" has no field in \(typeName).")
        }
    }

    /// The named placeholders of every expansion, in order, each once.
    static func placeholders(of pattern: RoutePattern) -> [String] {
        var names: [String] = []
        for expansion in pattern.expansions {
            for case .parameter(let name, _, _) in expansion where !names.contains(name) { names.append(name) }
        }
        return names
    }
}

/// What the recorder saw. A class: every container the type asks for writes to one log.
private final class FieldLog {
    var fields: [(name: String, optional: Bool)] = []
    var asked: Set<String> = []
    var unsupported: [(field: String, type: String)] = []
}

/// A decoder that records the fields a type reads and hands back placeholder values.
private struct FieldRecorder: Decoder {
    let log = FieldLog()
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(RecordingContainer(log: log))
    }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw UnsupportedField(field: "", type: "a list") }
    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw UnsupportedField(field: "", type: "a value")
    }
}

private struct RecordingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let log: FieldLog
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }

    /// `decodeIfPresent` asks this first: the field is optional.
    func contains(_ key: Key) -> Bool {
        log.asked.insert(key.stringValue)
        return true
    }

    func decodeNil(forKey key: Key) throws -> Bool { false }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let name = key.stringValue
        log.fields.append((name, log.asked.contains(name)))
        return try Placeholder.value(T.self, field: name, log: log)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        log.unsupported.append((key.stringValue, "a nested record"))
        throw UnsupportedField(field: key.stringValue, type: "a nested record")
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        ProbeElements(name: key.stringValue, log: log)
    }
    func superDecoder() throws -> any Decoder { throw UnsupportedField(field: "super", type: "a superclass") }
    func superDecoder(forKey key: Key) throws -> any Decoder {
        throw UnsupportedField(field: key.stringValue, type: "a superclass")
    }
}

/// A stand-in value of a field's type, for the recorder.
private enum Placeholder {
    static func value<T: Decodable>(_ type: T.Type, field: String, log: FieldLog) throws -> T {
        for sample in ["0", "00000000-0000-0000-0000-000000000000"] {
            if let value = ParameterDecoder.scalar(sample, as: T.self) { return value }
        }
        let probe = FieldProbe(name: field, log: log)
        do {
            return try T(from: probe)
        } catch let unsupported as UnsupportedField {
            if !log.unsupported.contains(where: { $0.field == field }) { log.unsupported.append((field, "\(T.self)")) }
            throw unsupported
        } catch {
            // An enum rejects the probe's text; any of its cases stands in.
            if let cases = T.self as? any CaseIterable.Type, let first = firstCase(cases) as? T { return first }
            if let zero = zeroed(T.self) { return zero }
            throw error
        }
    }

    private static func firstCase<C: CaseIterable>(_ type: C.Type) -> Any? { type.allCases.first }

    /// The all-zero value of a raw-value enum: its first case.
    ///
    /// Safe because only plain-data `RawRepresentable` types qualify: a raw-value enum has no
    /// payload, its tag 0 is its first case, and a plain-data struct wrapping a number holds
    /// zero. The value stands in during recording only and never leaves it.
    private static func zeroed<T>(_ type: T.Type) -> T? {
        guard _isPOD(T.self), T.self is any RawRepresentable.Type else { return nil }
        return withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { buffer in
            let raw = UnsafeMutableRawPointer(buffer.baseAddress!)
            raw.initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<T>.size)
            return buffer.baseAddress!.move()
        }
    }
}

/// The decoder a field's own type reads from while recording: an empty array, or one text.
private struct FieldProbe: Decoder {
    let name: String
    let log: FieldLog
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        log.unsupported.append((name, "a nested record"))
        throw UnsupportedField(field: name, type: "a nested record")
    }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { ProbeElements(name: name, log: log) }
    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        FieldDecoder.FieldValue(name: name, text: "0")
    }
}

/// An array of one stand-in element, so that the element's type is recorded too.
private struct ProbeElements: UnkeyedDecodingContainer {
    let name: String
    let log: FieldLog
    var currentIndex = 0
    var codingPath: [any CodingKey] { [] }
    var count: Int? { 1 }
    var isAtEnd: Bool { currentIndex > 0 }

    init(name: String, log: FieldLog) {
        self.name = name
        self.log = log
    }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        currentIndex += 1
        return try Placeholder.value(T.self, field: name, log: log)
    }

    mutating func nestedContainer<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        log.unsupported.append((name, "a nested record"))
        throw UnsupportedField(field: name, type: "a nested record")
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        log.unsupported.append((name, "a nested array"))
        throw UnsupportedField(field: name, type: "a nested array")
    }

    mutating func superDecoder() throws -> any Decoder { throw UnsupportedField(field: name, type: "a superclass") }
}
