import Foundation

/// An independent reading of a mediator URL by the mediator spec: `scheme://target/action`,
/// the path exactly one non-empty segment, the query's items (split on `&`, then the first
/// `=`, empty items skipped, `=x` the name "", the last of a name winning) as parameters, the
/// fragment ignored.
/// Names and values are percent-decoded, keeping the raw text when that is not UTF-8.
struct ReferenceMediatorURL {
    var scheme: String
    var target: String
    var action: String
    var parameters: [String: String] = [:]

    init?(_ url: String) {
        var text = Array(url.utf8)
        if let hash = text.firstIndex(of: UInt8(ascii: "#")) { text = Array(text[..<hash]) }
        var query: [UInt8] = []
        if let mark = text.firstIndex(of: UInt8(ascii: "?")) {
            query = Array(text[(mark + 1)...])
            text = Array(text[..<mark])
        }
        guard let colon = text.firstIndex(of: UInt8(ascii: ":")),
            let schemeEnd = ReferenceURL.schemeEnd(text), schemeEnd == colon
        else { return nil }
        let afterScheme = Array(text[(colon + 1)...])
        guard afterScheme.count >= 2, afterScheme[0] == UInt8(ascii: "/"), afterScheme[1] == UInt8(ascii: "/") else {
            return nil
        }
        let parts = afterScheme.dropFirst(2).split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty,
            !parts[0].contains(UInt8(ascii: "@")), !parts[0].contains(UInt8(ascii: ":"))
        else { return nil }
        scheme = String(decoding: text[..<colon], as: UTF8.self).lowercased()
        target = Self.decode(Array(parts[0]))
        action = Self.decode(Array(parts[1]))
        for item in query.split(separator: UInt8(ascii: "&")) {
            let pieces = item.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            parameters[Self.decode(Array(pieces[0]))] = Self.decode(pieces.count > 1 ? Array(pieces[1]) : [])
        }
    }

    /// Whether both names can reach a target from a URL: not empty, no `/`, no C0 or C1
    /// control character and no DEL.
    var hasUsableNames: Bool {
        [target, action].allSatisfy { name in
            !name.isEmpty
                && name.unicodeScalars.allSatisfy { $0 != "/" && $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) }
        }
    }

    /// Whether the action starts with `native` in any spelling, as the remote-call rules define it:
    /// its uppercased, canonically decomposed form begins with the bytes `NATIVE` (so `NATIVE`,
    /// `natıve` with a dotless i, and `nativé…`, whose `é` decomposes to `e` and a mark, all do).
    var isNative: Bool {
        let folded = action.uppercased().decomposedStringWithCanonicalMapping
        return Array(folded.utf8.prefix(6)) == Array("NATIVE".utf8)
    }

    /// Percent-decoding where every escape is good; otherwise each good escape decoded, unless
    /// the result is not UTF-8, in which case the raw text.
    static func decode(_ bytes: [UInt8]) -> String {
        if let decoded = oracleDecode(bytes) { return decoded }
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = hexDigit(bytes[index + 1]), let low = hexDigit(bytes[index + 2])
            {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(validating: out, as: UTF8.self) ?? String(decoding: bytes, as: UTF8.self)
    }
}
