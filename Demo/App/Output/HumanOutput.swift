/// Plain-text renderings for people; scripts use `--json`.
enum HumanOutput {
    /// What happened to `url`:
    /// ```
    /// routed shop://item/42?ref=home
    ///   pattern     shop://item/:id<int>
    ///   parameters  id=42, ref=home
    ///   result      Espresso cup (#42), 9.50 EUR
    /// ```
    /// or `not_found: no route matches shop://nope`.
    static func describe(_ reply: Reply, url: String?) -> String {
        switch reply {
        case .pong:
            return "pong: the daemon is running"
        case .failed(let error):
            return "\(shown(error.code)): \(shown(error.message))"
        case .routed(let pattern, let parameters, let result):
            let shownParameters = parameters.keys.sorted().map { shown("\($0)=\(parameters[$0] ?? "")") }
            return """
                routed \(shown(url ?? ""))
                  pattern     \(shown(pattern))
                  parameters  \(shownParameters.isEmpty ? "(none)" : shownParameters.joined(separator: ", "))
                  result      \(shown(text(of: result)))
                """
        }
    }

    /// `text` with control characters (C0, DEL, C1), line and paragraph separators, Unicode
    /// spaces other than the ASCII one and format characters (bidirectional controls, U+200B,
    /// U+00AD: they show as nothing) escaped as in a Swift literal (`\n`, `\u{1B}`, `\u{00A0}`):
    /// a value from a link cannot forge a line or a field of this output, send escape codes to
    /// the terminal, or pass for another text.
    static func shown(_ text: String) -> String {
        text.unicodeScalars.map { needsEscaping($0) ? $0.escaped(asASCII: true) : String($0) }.joined()
    }

    /// Whether ``shown(_:)`` escapes `scalar`: a control character, a line or paragraph
    /// separator, a space other than U+0020 (U+00A0, U+2003), or a format character (the
    /// bidirectional controls, U+00AD, U+200B, U+2060, U+FEFF, tags). The joiners U+200C and
    /// U+200D stay: emoji and several scripts need them.
    static func needsEscaping(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        case .spaceSeparator: scalar != " "
        case .format: scalar.value != 0x200C && scalar.value != 0x200D
        default: false
        }
    }

    /// A result as text: strings as they are, anything else as JSON.
    static func text(of value: JSONValue) -> String {
        if case .string(let string) = value { return string }
        return value.encoded
    }

    /// Rows padded into columns, two spaces apart; the last column is not padded.
    static func table(_ rows: [[String]]) -> String {
        guard let columns = rows.map(\.count).max() else { return "" }
        var widths = [Int](repeating: 0, count: columns)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        return rows.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
