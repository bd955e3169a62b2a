@testable import DeepLinkApp

/// The daemon's first reply encoder and log redaction, as the reference the byte-level ones
/// must match: a `JSONValue` built from `Any` through casts and `Mirror`, then escaped one
/// Unicode scalar at a time into a `String`. Its strings escape the characters
/// `HumanOutput.shown` escapes: C0, DEL and C1 controls, U+2028/U+2029, the Unicode spaces but
/// U+0020, and the format characters (the bidirectional controls, U+200B, …) but the joiners
/// U+200C and U+200D.
enum ReferenceOutput {
    static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0...0x1F, 0x7F...0x9F, 0x2028, 0x2029: return true
        case 0x200C, 0x200D: return false
        default:
            let category = scalar.properties.generalCategory
            return category == .format || (category == .spaceSeparator && scalar != " ")
        }
    }

    static func value(any value: Any?) -> JSONValue {
        guard let value, let unwrapped = unwrapOptional(value) else { return .null }
        switch unwrapped {
        case let json as JSONValue: return json
        case let bool as Bool: return .bool(bool)
        case let int as Int: return .int(int)
        case let int as Int32: return .int(Int(int))
        case let int as Int64: return .int(Int(int))
        case let int as UInt: return int <= UInt(Int.max) ? .int(Int(int)) : .double(Double(int))
        case let double as Double: return .double(double)
        case let float as Float: return .double(Double(float))
        case let string as String: return .string(string)
        case let substring as Substring: return .string(String(substring))
        case let array as [Any?]: return .array(array.map { self.value(any: $0) })
        case let array as [Any]: return .array(array.map { self.value(any: $0) })
        case let dictionary as [String: Any?]:
            return .object(dictionary.keys.sorted().map { ($0, self.value(any: dictionary[$0] ?? nil)) })
        case let dictionary as [String: Any]:
            return .object(dictionary.keys.sorted().map { ($0, self.value(any: dictionary[$0])) })
        case let describable as CustomStringConvertible: return .string(describable.description)
        default: return structure(of: unwrapped) ?? .string(String(describing: unwrapped))
        }
    }

    private static func structure(of value: Any) -> JSONValue? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .struct || mirror.displayStyle == .class, !mirror.children.isEmpty else {
            return nil
        }
        var members: [(key: String, value: JSONValue)] = []
        for child in mirror.children {
            guard let label = child.label else { return nil }
            members.append((label, self.value(any: child.value)))
        }
        return .object(members)
    }

    private static func unwrapOptional(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        guard let child = mirror.children.first else { return nil }
        return unwrapOptional(child.value)
    }

    static func encoded(_ value: JSONValue) -> String {
        var output = ""
        encode(value, into: &output)
        return output
    }

    private static func encode(_ value: JSONValue, into output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let bool): output += bool ? "true" : "false"
        case .int(let int): output += String(int)
        case .double(let double): output += double.isFinite ? String(double) : "null"
        case .string(let string): appendQuoted(string, to: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                encode(element, into: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                appendQuoted(member.key, to: &output)
                output += ":"
                encode(member.value, into: &output)
            }
            output += "}"
        }
    }

    static func appendQuoted(_ string: String, to output: inout String) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case _ where isEscaped(scalar):
                for unit in scalar.utf16 {  // a scalar past U+FFFF as its surrogate pair, as JSON writes it
                    let digits = String(unit, radix: 16)
                    output += "\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
                }
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }

    static func redacted(_ url: String) -> String {
        var rest = Substring(url)
        var fragment: Substring?
        if let hash = rest.firstIndex(of: "#") {
            fragment = rest[rest.index(after: hash)...]
            rest = rest[..<hash]
        }
        var query: Substring?
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        var result = redactUserInfo(rest)
        if let query {
            result +=
                "?"
                + query.split(separator: "&", omittingEmptySubsequences: false).map { item in
                    guard let equals = item.firstIndex(of: "=") else { return String(item) }
                    return item[..<equals] + "=<redacted>"
                }.joined(separator: "&")
        }
        if let fragment { result += fragment.isEmpty ? "#" : "#<redacted>" }
        return printable(result)
    }

    static func printable(_ text: String) -> String {
        var output = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == 300 { return output + "…" }
            switch scalar.value {
            case 0...0x20, 0x22, 0x7F, 0x80...0x9F:
                output += "%" + (scalar.value < 16 ? "0" : "") + String(scalar.value, radix: 16, uppercase: true)
            case _ where isEscaped(scalar):
                output += String(scalar).utf8.map { "%" + String($0, radix: 16, uppercase: true) }.joined()
            default:
                output.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return output
    }

    private static func redactUserInfo(_ beforeQuery: Substring) -> String {
        var start = beforeQuery.startIndex
        if let colon = beforeQuery.firstIndex(of: ":"), !beforeQuery[..<colon].contains("/") {
            start = beforeQuery.index(after: colon)
        } else if !beforeQuery.hasPrefix("//") {
            return String(beforeQuery)
        }
        start = beforeQuery[start...].firstIndex { $0 != "/" } ?? beforeQuery.endIndex
        let authority = beforeQuery[start...].prefix { $0 != "/" }
        guard let at = authority.lastIndex(of: "@") else { return String(beforeQuery) }
        return beforeQuery[..<start] + "<redacted>" + beforeQuery[at...]
    }
}
