@testable import URLRouter

/// Fuzz target: a pattern from the pattern grammar and values for it → `url(for:parameters:)`
/// → `match`.
///
/// Invariants: a grammatical pattern registers (or is refused as ambiguous or too long);
/// generation succeeds when every value fits its placeholder (not empty, `.` or `..`), fails
/// with the right code when one does not or the URL would be over a limit, and refuses values
/// only optional groups make unreadable; a generated URL reaches the same pattern and gives
/// every value back, from the path or the query, and `**` gives back its path.
@_cdecl("LLVMFuzzerTestOneInput")
public func generationRoundTripFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(UnsafeBufferPointer(start: data, count: size))
    let flags = input.byte()
    let router = Router(options: .init(caseInsensitivePaths: flags & 1 != 0, formDecoding: flags & 2 != 0))
    let grammar = GrammarPattern(&input)
    let pattern = grammar.text
    let shown = {
        "\(fuzzShow(pattern)) with \(grammar.parameters.map { "\(fuzzShow($0.key))=\(fuzzShow($0.value))" })"
    }

    do {
        try router.register(pattern) { request in request.complete(request.pattern) }
    } catch {
        let ambiguous = error.code == .invalidPattern && error.message.contains("ambiguous")
        fuzzCheck(ambiguous || error.code == .limitExceeded, "grammatical pattern refused: \(shown()): \(error)")
        return 0
    }

    let url: String
    do {
        url = try router.url(for: pattern, parameters: grammar.parameters)
    } catch {
        // Optional groups two of whose combinations match the same URL: generation refuses
        // values it could not give back. Never for a pattern without groups.
        let hasGroups = grammar.pieces.contains { $0.group != nil }
        let unreadable =
            hasGroups && error.code == .invalidParameter && error.message.contains("would not give its values back")
        fuzzCheck(
            unreadable || (!grammar.valuesValid && error.code == .invalidParameter) || error.code == .limitExceeded,
            "generation failed for \(shown()): \(error)")
        return 0
    }
    if case .overLimit(let problem) = router.currentTable().lookup(url) {
        fuzzCheck(false, "\(fuzzShow(url)) generated from \(shown()) is over a limit: \(problem)")
        return 0
    }

    guard let match = router.match(url) else {
        fuzzCheck(false, "\(fuzzShow(url)) generated from \(shown()) matches nothing")
        return 0
    }
    fuzzCheck(match.pattern == pattern, "\(fuzzShow(url)) generated from \(shown()) matches \(match.pattern)")
    for (name, value) in grammar.parameters where name != "*" && name != "**" {
        let back = match.parameters[name]
        fuzzCheck(
            back == value,
            "\(fuzzShow(name)) came back as \(back.map(fuzzShow) ?? "nil") from \(fuzzShow(url)), generated from \(shown())"
        )
    }
    if let path = grammar.parameters["**"],
        grammar.pieces.contains(where: { if case .catchAll = $0.piece { true } else { false } })
    {
        let expected = path.utf8.split(separator: UInt8(ascii: "/")).map { String(decoding: $0, as: UTF8.self) }
        fuzzCheck(
            match.wildcard == expected,
            "** came back as \(match.wildcard.map(fuzzShow)) from \(fuzzShow(url)), generated from \(shown())")
    }
    return 0
}
