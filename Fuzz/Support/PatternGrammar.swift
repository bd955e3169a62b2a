/// A pattern built from fuzzer bytes by the pattern grammar, with values for it: everything
/// the generation round trip needs to know about what it asked for.
struct GrammarPattern {
    enum Piece {
        case literal(String)
        case parameter(name: String, type: String?, suffix: String)
        case wildcard
        case catchAll
    }

    /// Pieces with the optional group each belongs to, if any.
    var pieces: [(piece: Piece, group: Int?)] = []
    var prefix = "/"
    var text = ""
    /// Values for placeholders, `*`, `**`, and leftover query items.
    var parameters: [String: String] = [:]
    /// Whether every value given to a placeholder is one its type accepts and is not empty.
    var valuesValid = true

    /// The names of the pattern's placeholders.
    var names: [String] {
        pieces.compactMap { if case .parameter(let name, _, _) = $0.piece { name } else { nil } }
    }

    init(_ input: inout FuzzInput) {
        switch input.below(5) {
        case 0: prefix = "/"
        case 1: prefix = "app://"
        case 2: prefix = "tel:"
        case 3: prefix = input.pick(["App", "x-y.z+1", "a"]) + String(repeating: "s", count: input.below(400)) + "://"
        default: prefix = "shop://"
        }
        let count = input.below(9)
        var group: Int?
        var groups = 0
        var used = Set<String>()
        for position in 0..<count {
            if group == nil, groups < 3, input.below(5) == 0 {
                groups += 1
                group = groups
            } else if group != nil, input.bool() {
                group = nil
            }
            var piece: Piece
            switch input.below(10) {
            case 0, 1, 2, 3: piece = .literal(Self.literal(&input))
            case 4, 5: piece = .parameter(name: Self.name(&input, &used), type: nil, suffix: "")
            case 6: piece = .parameter(name: Self.name(&input, &used), type: Self.type(&input), suffix: "")
            case 7:
                piece = .parameter(
                    name: Self.name(&input, &used), type: input.bool() ? Self.type(&input) : nil,
                    suffix: Self.suffix(&input))
            case 8: piece = .wildcard
            default: piece = position == count - 1 ? .catchAll : .wildcard
            }
            pieces.append((piece, group))
        }
        // Leading and repeated `/` mean nothing, so every piece may start with one.
        text = prefix
        var open: Int?
        for (piece, group) in pieces {
            if open != nil, open != group { text += ")"; open = nil }
            if let group, open != group { text += "("; open = group }
            text += "/" + Self.text(of: piece)
        }
        if open != nil { text += ")" }

        // Values: some groups are left out by giving none of their placeholders a value.
        let omitted = Set((1...3).filter { _ in input.below(3) == 0 })
        for (piece, group) in pieces {
            if let group, omitted.contains(group) { continue }
            switch piece {
            case .parameter(let name, let type, _):
                let value =
                    type.flatMap { type in input.below(8) == 0 ? nil : FuzzValues.value(type, &input) }
                    ?? input.string(from: FuzzAlphabet.nasty, maxPieces: 6)
                if ["", ".", ".."].contains(value) || !(type.map { Self.accepts($0, value) } ?? true) {
                    valuesValid = false
                }
                parameters[name] = value
            case .wildcard:
                parameters["*"] = "w" + input.string(from: FuzzAlphabet.nasty, maxPieces: 4)
            case .catchAll:
                let path = input.string(from: FuzzAlphabet.nasty, maxPieces: 8)
                if path.unicodeScalars.split(separator: "/").contains(where: {
                    $0.elementsEqual(".".unicodeScalars) || $0.elementsEqual("..".unicodeScalars)
                }) {
                    valuesValid = false
                }
                parameters["**"] = path
            case .literal:
                break
            }
        }
        for _ in 0..<input.below(4) {
            let name = input.string(from: FuzzAlphabet.nasty, maxPieces: 3)
            if name == "*" || name == "**" || parameters[name] != nil || names.contains(name) { continue }
            parameters[name] = input.string(from: FuzzAlphabet.nasty, maxPieces: 6)
        }
    }

    static func text(of piece: Piece) -> String {
        switch piece {
        case .literal(let text): return text
        case .parameter(let name, let type, let suffix): return ":" + name + (type.map { "<\($0)>" } ?? "") + suffix
        case .wildcard: return "*"
        case .catchAll: return "**"
        }
    }

    static func literal(_ input: inout FuzzInput) -> String {
        var text = input.string(from: FuzzAlphabet.literal.filter { $0 != "<" }, maxPieces: 5)
        if text.isEmpty || text.unicodeScalars.first == ":" { text = "l" + text }
        if text == "*" || text == "**" { text += "x" }
        return text
    }

    static func name(_ input: inout FuzzInput, _ used: inout Set<String>) -> String {
        let first = Array("abcxyzABC_")
        let rest = Array("abcxyz019_")
        var name = String(input.pick(first))
        for _ in 0..<input.below(6) { name.append(input.pick(rest)) }
        while used.contains(name) { name += "_" }
        used.insert(name)
        return name
    }

    static func type(_ input: inout FuzzInput) -> String {
        input.pick(["int", "double", "bool", "uuid"])
    }

    static func suffix(_ input: inout FuzzInput) -> String {
        let rest = FuzzAlphabet.literal.filter { $0 != "<" && $0 != ">" }
        return input.pick(FuzzAlphabet.suffixStart) + input.string(from: rest, maxPieces: 3)
    }

    static func accepts(_ type: String, _ value: String) -> Bool {
        var bytes = Array(value.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            RouteParameterType.builtins.first { $0.name == type }!.accepts(UnsafeBufferPointer(buffer))
        }
    }
}

/// Values for typed placeholders.
enum FuzzValues {
    /// A value every built-in type of that name accepts.
    static func valid(_ type: String) -> String {
        switch type {
        case "int": return "42"
        case "double": return "-1.5e3"
        case "bool": return "true"
        case "uuid": return "123E4567-e89b-12d3-a456-426614174000"
        default: return "v"
        }
    }

    /// A value of `type` chosen by the input: mostly valid ones, of varied form.
    static func value(_ type: String, _ input: inout FuzzInput) -> String {
        switch type {
        case "int": return input.pick(["0", "-1", "+7", "9223372036854775807", "-9223372036854775808", "0042", "1"])
        case "double": return input.pick(["0", "1.", ".5", "-2.5e-3", "1E10", "+3.25", "7"])
        case "bool": return input.pick(["true", "false", "1", "0"])
        case "uuid":
            return input.pick(["123e4567-e89b-12d3-a456-426614174000", "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF"])
        default: return "v"
        }
    }
}
