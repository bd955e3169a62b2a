/// The type of a typed placeholder (`:id<int>`): decides whether a segment matches that branch.
///
/// Four are built in: `int`, `double`, `bool` (`true`, `false`, `1`, `0`) and `uuid`. Register
/// more on the router before registering patterns that use them:
///
/// ```swift
/// try router.register(RouteParameterType("slug") { $0.allSatisfy { $0.isLowercase || $0 == "-" } })
/// try router.register("blog://post/:slug<slug>") { request in ... }
/// ```
public struct RouteParameterType: Sendable {
    /// The name used between `<` and `>` in patterns.
    public let name: String
    let check: Check

    enum Check: Sendable {
        case int, double, bool, uuid
        case custom(@Sendable (String) -> Bool)
    }

    /// A named type whose values are the strings `accepts` returns true for.
    ///
    /// `accepts` receives the percent-decoded segment (without any literal suffix). It runs
    /// during matching, possibly on many threads at once, so it must be fast and pure.
    public init(_ name: String, accepts: @escaping @Sendable (String) -> Bool) {
        self.name = name
        self.check = .custom(accepts)
    }

    init(builtin name: String, _ check: Check) {
        self.name = name
        self.check = check
    }

    /// `int`, `double`, `bool` and `uuid`.
    static let builtins: [RouteParameterType] = [
        RouteParameterType(builtin: "int", .int),
        RouteParameterType(builtin: "double", .double),
        RouteParameterType(builtin: "bool", .bool),
        RouteParameterType(builtin: "uuid", .uuid),
    ]

    /// Whether the decoded bytes are a value of this type. Allocation-free for the built-ins.
    func accepts(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        switch check {
        case .int: return Self.isInt(bytes)
        case .double: return Self.isDouble(bytes)
        case .bool: return Self.isBool(bytes)
        case .uuid: return Self.isUUID(bytes)
        case .custom(let accepts): return accepts(String(decoding: bytes, as: UTF8.self))
        }
    }

    static func isInt(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        var negative = false
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            index = 1
        }
        guard index < bytes.count else { return false }
        var value: Int64 = 0
        while index < bytes.count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return false }
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (next, o2) =
                negative
                ? times10.subtractingReportingOverflow(Int64(digit))
                : times10.addingReportingOverflow(Int64(digit))
            guard !o1, !o2 else { return false }
            value = next
            index += 1
        }
        return true
    }

    /// `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`
    static func isDouble(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        func digits() -> Int {
            let start = index
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
            return index - start
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            index += 1
        }
        var mantissa = digits()
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                index += 1
            }
            guard digits() > 0 else { return false }
        }
        return index == bytes.count
    }

    static func isBool(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.elementsEqual("true".utf8) || bytes.elementsEqual("false".utf8)
            || bytes.elementsEqual("1".utf8) || bytes.elementsEqual("0".utf8)
    }

    static func isUUID(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                guard hexValue(byte) != nil else { return false }
            }
        }
        return true
    }
}

/// The value of an ASCII hex digit, or nil.
@inline(__always)
func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
}
