/// The type of a typed placeholder (`:id<int>`): decides whether a segment matches that branch.
///
/// Four are built in: `int`, `double`, `bool` (`true`, `false`, `1`, `0`) and `uuid`. Register
/// more on the router before registering patterns that use them:
///
/// ```swift
/// try router.register(RouteParameterType("slug") { $0.allSatisfy { $0.isLowercase || $0 == "-" } })
/// try router.register("blog://post/:slug<slug>") { request in request.complete(request.parameters["slug"]) }
/// ```
public struct RouteParameterType: Sendable {
    /// The name used between `<` and `>` in patterns.
    public let name: String
    /// Whether the decoded bytes are a value of this type. The built-ins allocate only to parse a
    /// long `<double>` value that could overflow (``isFinite(_:)``).
    let accepts: @Sendable (UnsafeBufferPointer<UInt8>) -> Bool

    static let builtins: [RouteParameterType] = [
        RouteParameterType(name: "int", accepts: { isInt($0) }),
        RouteParameterType(name: "double", accepts: { isDouble($0) && isFinite($0) }),
        RouteParameterType(name: "bool", accepts: { isBool($0) }),
        RouteParameterType(name: "uuid", accepts: { isUUID($0) }),
    ]
}

extension RouteParameterType {
    /// A named type whose values are the strings `accepts` returns true for: `RouteParameterType("slug") { ... }`.
    ///
    /// `accepts` receives the percent-decoded segment (without any literal suffix). It runs
    /// during matching, possibly on many threads at once, so it must be fast and pure.
    public init(_ name: String, accepts: @escaping @Sendable (String) -> Bool) {
        self.init(name: name, accepts: { accepts(String(decoding: $0, as: UTF8.self)) })
    }

    /// `[+-]? digits`, in the range of `Int64`.
    static func isInt(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let negative = bytes.first == UInt8(ascii: "-")
        let signLength = negative || bytes.first == UInt8(ascii: "+") ? 1 : 0
        guard bytes.count > signLength else { return false }
        var value: Int64 = 0
        for byte in bytes.dropFirst(signLength) {
            let digit = Int64(byte &- UInt8(ascii: "0"))
            guard digit < 10 else { return false }
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (next, o2) =
                negative ? times10.subtractingReportingOverflow(digit) : times10.addingReportingOverflow(digit)
            guard !o1, !o2 else { return false }
            value = next
        }
        return true
    }

    /// Whether a value in `<double>`'s form is finite as a `Double` (`1e999` is not). Only one
    /// with an exponent or of over 308 bytes can overflow, so only such a one is parsed.
    static func isFinite(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count > 308 || bytes.contains(where: { $0 | 0x20 == UInt8(ascii: "e") }) else { return true }
        return Double(String(decoding: bytes, as: UTF8.self))?.isFinite == true
    }

    /// `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`
    static func isDouble(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        func digits() -> Int {
            let start = index
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
            return index - start
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
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
        return bytes.enumerated().allSatisfy { index, byte in
            index == 8 || index == 13 || index == 18 || index == 23 ? byte == UInt8(ascii: "-") : hexValue(byte) != nil
        }
    }
}
