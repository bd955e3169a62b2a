import Testing
import URLRouter

/// The reference's prediction for one URL: the outcome, what runs, and which rule decided.
struct PolicyExpectation {
    var outcome: Outcome
    var ran: [String]
    var kind: String

    static func refused(_ kind: String) -> PolicyExpectation {
        PolicyExpectation(outcome: .failure(.refused), ran: [], kind: kind)
    }
}

extension ReferencePolicy {
    /// What `perform(url:)` must do with `url` on ``probeMediator(_:)`` under this policy.
    func expectation(for url: String) -> PolicyExpectation {
        guard let (scheme, target, action) = Self.read(url) else {
            return PolicyExpectation(outcome: .failure(.notFound), ran: [], kind: "not a mediator URL")
        }
        guard Self.isUsable(target), Self.isUsable(action) else { return .refused("unusable name") }
        let head = action.utf8.prefix(6).map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
        if head == Array("native".utf8) || action == "notFound" { return .refused("always refused") }

        func names(_ rule: (target: String?, action: String, literal: Bool)) -> Bool {
            rule.action == action && (rule.target == nil || rule.target == target)
        }
        if let schemes, !schemes.contains(where: { Self.asciiLowercased($0) == scheme }) {
            return .refused("policy refused")
        }
        if let targets, !targets.contains(target) { return .refused("policy refused") }
        if let allowed, !allowed.contains(where: names) { return .refused("policy refused") }
        if denied.contains(where: names) { return .refused("policy refused") }

        func ran(_ entry: String) -> PolicyExpectation {
            PolicyExpectation(outcome: .value(entry), ran: [entry], kind: "ran")
        }
        switch (target, action) {
        case ("Probe", "ping"), ("Probe", "pong"), ("Bare", "ping"): return ran("\(target).\(action)")
        case ("Probe", _): return ran("Probe.notFound(\(action))")
        case ("Bare", _):
            return PolicyExpectation(outcome: .failure(.actionNotFound), ran: ["told Bare.\(action)"], kind: "ran")
        default:
            return PolicyExpectation(outcome: .failure(.targetNotFound), ran: ["told \(target).\(action)"], kind: "ran")
        }
    }

    /// `scheme://target/action`, read scalar by scalar: the fragment and query cut off, the
    /// scheme an ASCII letter then letters, digits, `+`, `-` or `.`, then `//`, then exactly
    /// two non-empty parts split on `/`, each percent-decoded.
    static func read(_ url: String) -> (scheme: String, target: String, action: String)? {
        var scalars = Array(url.unicodeScalars)
        if let hash = scalars.firstIndex(of: "#") { scalars.removeSubrange(hash...) }
        if let mark = scalars.firstIndex(of: "?") { scalars.removeSubrange(mark...) }
        guard let colon = scalars.firstIndex(of: ":"), colon > 0 else { return nil }
        let scheme = scalars[..<colon]
        func isLetter(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
        guard isLetter(scheme.first!),
            scheme.allSatisfy({ isLetter($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) })
        else { return nil }
        let rest = scalars[(colon + 1)...]
        guard rest.starts(with: ["/", "/"]) else { return nil }
        let parts = rest.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty,
            !parts[0].contains(where: { "@:".unicodeScalars.contains($0) })
        else { return nil }
        func text(_ part: ArraySlice<Unicode.Scalar>) -> String { String(String.UnicodeScalarView(part)) }
        return (asciiLowercased(text(scheme)), decoded(text(parts[0])), decoded(text(parts[1])))
    }

    /// Each `%` and two hex digits as a byte; the text as it was if the bytes are not UTF-8.
    static func decoded(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let hex = Array("0123456789abcdefABCDEF".utf8)
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                hex.contains(bytes[index + 1]), hex.contains(bytes[index + 2]),
                let byte = UInt8(String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self), radix: 16)
            {
                out.append(byte)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(validating: out, as: UTF8.self) ?? text
    }

    /// Not empty, no `/`, no C0 or C1 control character and no DEL.
    static func isUsable(_ name: String) -> Bool {
        !name.isEmpty
            && name.unicodeScalars.allSatisfy { $0 != "/" && $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) }
    }

    static func asciiLowercased(_ text: String) -> String {
        String(decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
