/// The fields a `Decodable` type reads, found once at registration by decoding the type with
/// ``ParameterDecoder`` from this recorder, which notes each field asked for and answers it
/// with a placeholder value. A class: every decoder the type reaches records into it.
///
/// ```swift
/// struct ItemRoute: URLRoute { static let pattern = "shop://item/:id<int>"; var id: Int; var ref: String? }
/// let names = RouteFields(ItemRoute.self).names   // ["id", "ref"], in any order
/// ```
final class RouteFields: ParameterValues {
    /// The fields the type reads.
    private(set) var names: Set<String> = []
    /// Fields of a type that cannot be read from text, with that type.
    var unsupported: [(field: String, type: String)] = []
    /// Whether the type read all its fields: false when its `init(from:)` threw on the
    /// placeholder values, and ``names`` may be short.
    private(set) var isComplete = true
    /// Whether the type is a record of named fields, not an enum or a single value.
    private(set) var isRecord = true
    /// The basic type (number, `Bool`, `UUID`, `String`) each field holds, which its typed placeholder's values must fit.
    private var fieldTypes: [String: (name: String, reads: (String) -> Bool)] = [:]
    var recorder: RouteFields? { self }

    init<Value: Decodable>(_ type: Value.Type) {
        do { _ = try ParameterDecoder.decode(Value.self, from: self) } catch {
            // A type that fails before it reads a field never decodes: an enum, with raw values or without.
            (isComplete, isRecord) = (false, error as? FieldFailure != .notARecord && !names.isEmpty)
        }
    }

    func last(_ name: String) -> String? {
        names.insert(name)
        return "0"
    }

    func all(_ name: String) -> [String] { last(name).map { [$0] } ?? [] }

    /// The placeholders of `pattern`; throws unless each has a field and every field reads text.
    ///
    /// - Throws: ``RouteError`` with `.invalidPattern`, naming the type, the pattern and the field.
    func check(_ type: Any.Type, against pattern: String, limits: Router.Limits) throws(RouteError) -> Set<String> {
        let typeName = Self.name(of: type)
        guard isRecord else { throw .invalidPattern(pattern, "\(typeName) is not a struct of named fields.") }
        if let (field, type) = unsupported.first {
            throw .invalidPattern(
                pattern, "\(typeName).\(field) is \(type), which neither a path segment nor a query item can fill.")
        }
        guard let parsed = try? RoutePattern(pattern, knownTypes: { _ in true }, limits: limits) else { return [] }
        for case .parameter(let name, _, _) in parsed.expansions.joined() where isComplete && !names.contains(name) {
            throw .invalidPattern(pattern, "the placeholder \":\(name)\" has no field in \(typeName).")
        }
        let samples = ["int": "1", "double": "0.5", "bool": "true", "uuid": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"]
        for case .parameter(let name, let type?, _) in parsed.expansions.joined() {
            guard let sample = samples[type], let field = fieldTypes[name], !field.reads(sample) else { continue }
            throw .invalidPattern(pattern, "\(typeName).\(name) is \(field.name), which cannot hold a <\(type)> value.")
        }
        let placeholders = Self.placeholders(of: parsed), stray = names.contains("**") && !placeholders.contains("**")
        if stray { throw .invalidPattern(pattern, "\(typeName) has a field coded \"**\", which only a \"**\" fills.") }
        return placeholders
    }

    /// `ItemView.Request`: a type's name with the types it is nested in, without its module; a local type's own name.
    static func name(of type: Any.Type) -> String {
        let full = String(reflecting: type), short = "\(type)"  // `App.Box<Swift.Int>`, `Box<Int>`
        guard !full.contains("(unknown context") else { return short }
        return String(full.prefix { $0 != "<" }.drop { $0 != "." }.dropFirst() + short.drop { $0 != "<" })
    }

    /// The named placeholders of every expansion, and `**` for a `**` or a scheme's fallback.
    static func placeholders(of pattern: RoutePattern) -> Set<String> {
        Set(pattern.expansions.joined().compactMap(\.name) + (pattern.isFallback ? ["**"] : []))
    }

    /// A stand-in value of `field`'s type, noting the field and its basic type.
    func placeholder<T: Decodable>(_ type: T.Type, field: String) throws -> T {
        names.insert(field)
        let reads = { (text: String) in ParameterDecoder.scalar(text, as: T.self) != nil }
        if ParameterDecoder.isScalar(T.self) { fieldTypes[field] = fieldTypes[field] ?? (Self.name(of: T.self), reads) }
        let zero = ["0", "00000000-0000-0000-0000-000000000000"].compactMap { ParameterDecoder.scalar($0, as: T.self) }
        if let value = zero.first { return value }
        do {
            return try T(from: FieldDecoder(name: field, values: ["0"], recorder: self))
        } catch let failure as UnsupportedField {
            // The innermost type that asked for a record is named (`Filter`, `URL`, `Decimal`).
            let name = Self.name(of: T.self), index = unsupported.firstIndex { $0.field == field }
            guard let index else { unsupported.append((field, name)); throw failure }
            if unsupported[index].type == "a nested record" { unsupported[index].type = "\(name), a nested record" }
            throw failure
        } catch {
            // An enum rejects the placeholder text; any of its cases stands in.
            if let first = (T.self as? any CaseIterable.Type)?.allCases.first as? T { return first }
            if let zero = Self.zeroed(T.self) { return zero }
            throw error
        }
    }

    /// The all-zero value of a raw-value enum: its first case.
    ///
    /// Safe because only plain-data `RawRepresentable` types qualify: a raw-value enum has no
    /// payload, its tag 0 is its first case, and a plain-data struct wrapping a number holds
    /// zero. The value stands in during recording only and never leaves it.
    private static func zeroed<T>(_ type: T.Type) -> T? {
        guard _isPOD(T.self), T.self is any RawRepresentable.Type else { return nil }
        return withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { buffer in
            UnsafeMutableRawBufferPointer(buffer).initializeMemory(as: UInt8.self, repeating: 0)
            return buffer.baseAddress!.move()
        }
    }
}
