/// A JSON value and the line it starts on: just enough JSON for route tables.
///
/// Foundation's JSONSerialization gives no positions, accepts trailing commas and keeps one of
/// two equal keys silently, so route tables are read by this strict RFC 8259 reader instead.
struct JSONNode {
    enum Value {
        case object([Member])
        case array([JSONNode])
        case string(String)
        case number(String)
        case bool(Bool)
        case null
    }

    typealias Member = (key: String, line: Int, value: JSONNode)

    var value: Value
    var line: Int

    /// What the value is, for messages: "a string", "an object".
    var kind: String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }

    var string: String? { if case .string(let text) = value { text } else { nil } }
}

struct JSONReader {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var depth = 0
    /// The 1-based index of the top-level array element being read, if any.
    private var row: Int?
    private static let maxDepth = 32

    /// Reads one JSON document, rejecting anything after it.
    static func read(_ bytes: [UInt8]) throws(RouteTableError) -> JSONNode {
        var reader = JSONReader(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        let utf16 = bytes.prefix(2).contains(0) || bytes.prefix(2).sorted() == [0xFE, 0xFF]  // a zero byte or a mark
        guard !utf16 else { throw reader.error("the file is not UTF-8 (it looks like UTF-16); a route table is UTF-8") }
        reader.skipWhitespace()
        guard reader.index < bytes.count else { throw reader.error("the file is empty") }
        let node = try reader.value()
        reader.row = nil
        reader.skipWhitespace()
        guard reader.index == bytes.count else { throw reader.error("unexpected text after the end") }
        return node
    }

    private func error(_ message: String) -> RouteTableError {
        RouteTableError(issues: [.init(row: row, line: line, message: message)])
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func found() -> String {
        guard let byte = current else { return "the end of the file" }
        return (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte \(byte)"
    }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
            if byte == 0x0A || (byte == 0x0D && bytes.dropFirst(index + 1).first != 0x0A) { line += 1 }
            index += 1
        }
    }

    private mutating func value() throws(RouteTableError) -> JSONNode {
        let start = line
        guard let byte = current else { throw error("expected a value, found \(found())") }
        switch byte {
        case UInt8(ascii: "{"): return JSONNode(value: .object(try object()), line: start)
        case UInt8(ascii: "["): return JSONNode(value: .array(try array()), line: start)
        case UInt8(ascii: "\""): return JSONNode(value: .string(try string()), line: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(value: .number(try number()), line: start)
        case UInt8(ascii: "t"): try literal("true"); return JSONNode(value: .bool(true), line: start)
        case UInt8(ascii: "f"): try literal("false"); return JSONNode(value: .bool(false), line: start)
        case UInt8(ascii: "n"): try literal("null"); return JSONNode(value: .null, line: start)
        default: throw error("expected a value, found \(found())")
        }
    }

    private mutating func enter() throws(RouteTableError) {
        depth += 1
        guard depth <= Self.maxDepth else { throw error("values nest deeper than \(Self.maxDepth)") }
        index += 1
        skipWhitespace()
    }

    private mutating func object() throws(RouteTableError) -> [JSONNode.Member] {
        try enter()
        defer { depth -= 1 }
        var members: [JSONNode.Member] = []
        if current == UInt8(ascii: "}") { index += 1; return members }
        while true {
            if current == UInt8(ascii: "}"), !members.isEmpty { throw error("a comma must not come before '}'") }
            guard current == UInt8(ascii: "\"") else {
                throw error("expected a field name in double quotes, found \(found())")
            }
            let keyLine = line
            let key = try string()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else {
                throw error("expected ':' after \(RouteError.quoted(key)), found \(found())")
            }
            index += 1
            skipWhitespace()
            members.append((key, keyLine, try value()))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1; skipWhitespace()
            case UInt8(ascii: "}"): index += 1; return members
            default: throw error("expected ',' or '}' after the value of \(RouteError.quoted(key)), found \(found())")
            }
        }
    }

    private mutating func array() throws(RouteTableError) -> [JSONNode] {
        let isRoot = depth == 0
        try enter()
        defer { depth -= 1 }
        var elements: [JSONNode] = []
        if current == UInt8(ascii: "]") { index += 1; return elements }
        while true {
            if isRoot { row = elements.count + 1 }
            if current == UInt8(ascii: "]"), !elements.isEmpty { throw error("a comma must not come before ']'") }
            elements.append(try value())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1; skipWhitespace()
            case UInt8(ascii: "]"): index += 1; return elements
            default: throw error("expected ',' or ']' after a value, found \(found())")
            }
        }
    }

    private mutating func literal(_ word: String) throws(RouteTableError) {
        guard bytes[index...].starts(with: word.utf8) else { throw error("expected a value, found \(found())") }
        index += word.utf8.count
    }

    private mutating func number() throws(RouteTableError) -> String {
        let start = index
        func digits() -> Int {
            let from = index
            while let byte = current, (0x30...0x39).contains(byte) { index += 1 }
            return index - from
        }
        if current == UInt8(ascii: "-") { index += 1 }
        let whole = current == UInt8(ascii: "0") ? 1 : 0
        if whole == 1 { index += 1 } else if digits() == 0 { throw error("expected digits, found \(found())") }
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("expected digits after '.', found \(found())") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw error("expected digits in the exponent, found \(found())") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func string() throws(RouteTableError) -> String {
        index += 1
        var text: [UInt8] = []
        while true {
            guard let byte = current else { throw error("a string is not closed") }
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                if let string = String(validating: text, as: UTF8.self) { return string }
                throw error("a string is not valid UTF-8")
            case UInt8(ascii: "\\"): try escape(into: &text)
            case ..<0x20: throw error("a string holds a control character; write it as an escape")
            default: text.append(byte)
            }
        }
    }

    private mutating func escape(into text: inout [UInt8]) throws(RouteTableError) {
        guard let byte = current else { throw error("a string is not closed") }
        let simple: [UInt8: UInt8] = [
            0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x62: 0x08, 0x66: 0x0C,
            0x6E: 0x0A, 0x72: 0x0D, 0x74: 0x09,
        ]
        guard simple[byte] != nil || byte == 0x75 else { throw error("unknown escape after \\: \(found())") }  // `u`
        index += 1
        if let replacement = simple[byte] { text.append(replacement); return }
        var scalar = try hex4()
        // A high surrogate must be followed by a low one; anything else leaves `scalar` invalid.
        if (0xD800..<0xDC00).contains(scalar), bytes[index...].starts(with: [0x5C, 0x75]) {
            index += 2
            let low = try hex4()
            if (0xDC00..<0xE000).contains(low) { scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00) }
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw error("a \\u escape is half a surrogate pair") }
        text.append(contentsOf: String(Character(unicode)).utf8)
    }

    private mutating func hex4() throws(RouteTableError) -> UInt32 {
        let digits = bytes[index..<min(index + 4, bytes.count)].compactMap(hexValue)
        guard digits.count == 4 else { throw error("a \\u escape needs four hex digits") }
        index += 4
        return digits.reduce(0) { $0 << 4 | UInt32($1) }
    }
}
