import Foundation
import Synchronization

@testable import URLRouter

/// Fuzz target: random URLs against a fixed route table that uses every kind of segment.
///
/// Invariants: nothing crashes or hangs; `canOpen` equals `open`'s result, `match` agrees with
/// both, and the completion runs exactly once, before `open` returns, with the winning pattern
/// or the right error; the handler sees the pattern `match` named; parameters, query items,
/// fragment and wildcard read back as the spec's plain reading of the URL says (checked
/// against Foundation's decoding wherever that is defined); typed values convert; observers
/// see query values redacted as the spec says.
@_cdecl("LLVMFuzzerTestOneInput")
public func urlMatchingFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard size > 0, let data else { return 0 }
    let flags = data[0]
    let url = fuzzText(data + 1, size - 1)
    let router = matchingRouters[Int(flags & 3)]
    let source: RouteSource = flags & 4 != 0 ? .external : .internal
    let formDecoding = router.options.formDecoding

    let match = router.match(url)
    let canOpen = router.canOpen(url, source: source)
    let refused = source == .external && match?.pattern == internalPattern
    fuzzCheck((match != nil && !refused) == canOpen, "match and canOpen disagree on \(fuzzShow(url))")

    let results = Mutex<[String]>([])
    let opened = router.open(url, source: source) { result in
        let outcome: String =
            switch result {
            case .success(let value): "ok \(value as? String ?? "?")"
            case .failure(let error): "error \(error.code)"
            }
        results.withLock { $0.append(outcome) }
    }
    let outcomes = results.withLock { $0 }
    fuzzCheck(opened == canOpen, "canOpen \(canOpen) but open \(opened) for \(fuzzShow(url))")
    fuzzCheck(outcomes.count == 1, "completion ran \(outcomes.count) times for \(fuzzShow(url))")
    if let match, canOpen {
        fuzzCheck(
            outcomes == ["ok \(match.pattern)"], "\(fuzzShow(url)) matched \(match.pattern) but completed \(outcomes)")
        checkParameters(match, url: url, formDecoding: formDecoding)
        fuzzCheck(
            router.object(for: url, source: source) as? String == match.pattern,
            "object(for:) disagrees on \(fuzzShow(url))")
    } else {
        let expected = refused ? "error refused" : "error notFound"
        let overLimit = outcomes == ["error limitExceeded"]
        fuzzCheck(
            outcomes == [expected] || (overLimit && match == nil),
            "\(fuzzShow(url)) completed \(outcomes), expected \(expected)")
    }
    let redacted = RouteEvent.redactingQueryValues(url)
    fuzzCheck(
        redacted == ReferenceURL.redacted(url),
        "redacting \(fuzzShow(url)) gave \(fuzzShow(redacted)), not \(fuzzShow(ReferenceURL.redacted(url)))")
    return 0
}

/// Reads everything a handler can read and checks it against the plain reading of `url`.
func checkParameters(_ match: RouteMatch, url: String, formDecoding: Bool) {
    let shown = { fuzzShow(url) }
    let parameters = match.parameters
    let path = parameters.path
    let items = parameters.queryItems
    let dictionary = parameters.dictionary
    _ = parameters.description
    let reference = ReferenceURL(url)

    for (name, value) in path {
        fuzzCheck(
            parameters[name] == value && dictionary[name] == value, "path value \(name) is not what wins in \(shown())")
        fuzzCheck(!value.isEmpty, "empty path value \(name) in \(shown())")
        let decodedSegments = reference.segments.map { oracleDecode($0) }
        if decodedSegments.allSatisfy({ $0 != nil }) {
            fuzzCheck(
                decodedSegments.contains { $0!.utf8.starts(with: value.utf8) },
                "path value \(name) = \(fuzzShow(value)) is no segment of \(shown())")
        }
        switch name.prefix(2) {
        case "i_": fuzzCheck(parameters.int(name) != nil, "int \(fuzzShow(value)) does not convert in \(shown())")
        case "d_": fuzzCheck(parameters.double(name) != nil, "double \(fuzzShow(value)) does not convert in \(shown())")
        case "b_": fuzzCheck(parameters.bool(name) != nil, "bool \(fuzzShow(value)) does not convert in \(shown())")
        case "u_": fuzzCheck(UUID(uuidString: value) != nil, "uuid \(fuzzShow(value)) does not convert in \(shown())")
        default: break
        }
    }

    let referenceItems = reference.queryItems
    fuzzCheck(
        items.count == referenceItems.count,
        "\(items.count) query items, expected \(referenceItems.count) in \(shown())")
    var last: [String: String] = [:]
    for (item, raw) in zip(items, referenceItems) {
        last[item.name] = item.value
        if let name = oracleDecode(raw.name, plusAsSpace: formDecoding) {
            fuzzCheck(item.name == name, "query name \(fuzzShow(item.name)), expected \(fuzzShow(name)) in \(shown())")
        }
        if let value = oracleDecode(raw.value, plusAsSpace: formDecoding) {
            fuzzCheck(
                item.value == value, "query value \(fuzzShow(item.value)), expected \(fuzzShow(value)) in \(shown())")
        }
    }
    for (name, value) in last where path[name] == nil {
        fuzzCheck(
            parameters[name] == value && dictionary[name] == value,
            "query item \(fuzzShow(name)) is not the last one in \(shown())")
    }

    fuzzCheck((match.fragment == nil) == (reference.fragment == nil), "fragment presence differs in \(shown())")
    if let raw = reference.fragment, let fragment = oracleDecode(raw) {
        fuzzCheck(
            match.fragment == fragment, "fragment \(fuzzShow(match.fragment ?? "nil")), expected \(fuzzShow(fragment))")
    }

    let wildcard = match.wildcard
    fuzzCheck(wildcard.count <= reference.segments.count, "wildcard longer than the path in \(shown())")
    if match.pattern.hasSuffix("**") || match.pattern.hasSuffix("://") {
        let tail = reference.segments.suffix(wildcard.count).map { oracleDecode($0) }
        for (piece, expected) in zip(wildcard, tail) where expected != nil {
            fuzzCheck(
                piece == expected, "wildcard piece \(fuzzShow(piece)), expected \(fuzzShow(expected!)) in \(shown())")
        }
    } else {
        fuzzCheck(wildcard.isEmpty, "a wildcard from \(match.pattern) in \(shown())")
    }
}

/// The fixed route table, under each combination of case-insensitive paths and form decoding.
let matchingRouters: [Router] = (0..<4).map { flags in
    let router = Router(options: .init(caseInsensitivePaths: flags & 1 != 0, formDecoding: flags & 2 != 0))
    let actions = [
        "shop://item/:id", "shop://item/:i_id<int>/edit", "shop://item/:id.html", "shop://item/:i_id<int>.json",
        "shop://files/**", "shop://a/:x/c", "shop://a/b/d", "shop://cat/*/list", "/about",
        "/:lang/home(/:tab)(/more/:x)",
        "x://:u_id<uuid>/:d_v<double>/:b_f<bool>", "x://家居/a%20b/%E5%AE%B6", "x://%zz/100%/%E4", "tel:/:number",
        "mgj://foo/bar", "web://open", "localhost:8080/:x", "x://a/:x.tar.gz", "x://a/:x.gz", "x://:x/:y/:z/**",
        "x://:s_a",
    ]
    for pattern in actions {
        try! router.register(pattern) { request in
            fuzzCheck(request.pattern == pattern, "handler of \(pattern) got \(request.pattern)")
            _ = request.mergedParameters
            request.complete(pattern)
        }
    }
    for pattern in ["shop://item/new", "shop://", "/file/:name.:ext"] {
        try! router.registerObject(pattern) { request in
            fuzzCheck(request.pattern == pattern, "object handler of \(pattern) got \(request.pattern)")
            return pattern
        }
    }
    try! router.register(internalPattern, access: .internal) { $0.complete(internalPattern) }
    try! router.register("shop://item/:i_id<int>", priority: 5) { $0.complete("shop://item/:i_id<int>") }
    router.addObserver { event in _ = event.duration }
    return router
}

/// The one route external opens may not reach.
let internalPattern = "shop://item/:id/secret"
