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

    /// `text` with control characters (C0, DEL, C1), line and paragraph separators and
    /// bidirectional controls escaped as in a Swift literal (`\n`, `\u{1B}`): a value from a
    /// link cannot forge a line of this output nor send escape codes to the terminal.
    static func shown(_ text: String) -> String {
        text.unicodeScalars.map { needsEscaping($0) ? $0.escaped(asASCII: true) : String($0) }.joined()
    }

    /// Whether ``shown(_:)`` escapes `scalar`: a control character, a line or paragraph
    /// separator, a bidirectional control.
    static func needsEscaping(_ scalar: Unicode.Scalar) -> Bool {
        let category = scalar.properties.generalCategory
        return [.control, .lineSeparator, .paragraphSeparator].contains(category) || scalar.properties.isBidiControl
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
