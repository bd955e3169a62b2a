@testable import URLRouter

/// Fuzz target: random pattern strings against registration.
///
/// Invariants: registration succeeds or throws a `RouteError` that quotes the pattern; a
/// registered pattern lists, conflicts with itself, can be replaced, is reached by the URL it
/// generates (and, when it is all literals, by its own text), and can be deregistered once,
/// after which nothing reaches it and it can be registered again.
@_cdecl("LLVMFuzzerTestOneInput")
public func patternRegistrationFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard size > 0, let data else { return 0 }
    let flags = data[0]
    let pattern = fuzzText(data + 1, size - 1)
    let router = Router(options: .init(caseInsensitivePaths: flags & 1 != 0, formDecoding: flags & 2 != 0))
    for existing in ["shop://item/:id", "/about", "shop://", "files://open/**"] {
        try! router.register(existing) { _ in }
    }
    let existingCount = router.routes.count

    do {
        try router.register(pattern, priority: 1) { request in request.complete(request.pattern) }
    } catch {
        fuzzCheck(
            [.invalidPattern, .limitExceeded, .conflict].contains(error.code),
            "unexpected code \(error.code) for \(fuzzShow(pattern))")
        fuzzCheck(
            error.message.contains(RouteError.quoted(pattern)),
            "message does not quote \(fuzzShow(pattern)): \(error.message)")
        fuzzCheck(router.routes.count == existingCount, "a refused pattern changed the routes: \(fuzzShow(pattern))")
        return 0
    }
    fuzzCheck(router.routes.count == existingCount + 1, "not listed: \(fuzzShow(pattern))")
    if flags & 4 != 0 { _ = router.description }

    // Input bits choose the costlier checks, so that each input stays cheap and every check
    // is still reached: bit 3 conflicts and replacement, bit 4 the generated URL.
    if flags & 8 != 0 {
        do {
            try router.register(pattern) { _ in }
            fuzzCheck(false, "registered twice: \(fuzzShow(pattern))")
        } catch {
            fuzzCheck(
                error.code == .conflict,
                "second registration of \(fuzzShow(pattern)) failed with \(error.code), not .conflict")
        }
        do {
            try router.register(pattern, priority: 1, replacing: true) { request in request.complete(request.pattern) }
        } catch {
            fuzzCheck(false, "replacing \(fuzzShow(pattern)) failed: \(error)")
        }
        fuzzCheck(router.routes.count == existingCount + 1, "replacing changed the count: \(fuzzShow(pattern))")
    }

    let parsed = try! router.state.withLock { state in try state.parse(pattern, options: router.options) }
    var probes: [String] = []
    if parsed.expansions.count == 1, !parsed.isFallback,
        parsed.expansions[0].allSatisfy({ if case .literal = $0 { true } else { false } })
    {
        probes.append(pattern)
        fuzzCheck(
            router.match(pattern)?.pattern == pattern,
            "the all-literal pattern \(fuzzShow(pattern)) does not match its own text")
    }
    var values: [String: String] = ["*": "w", "**": "x/y"]
    for name in parsed.expansions.flatMap({ $0.compactMap(\.name) }) { values[name] = "v" }
    for case .parameter(let name, let type?, _) in parsed.expansions.flatMap({ $0 }) {
        values[name] = FuzzValues.valid(type)
    }
    if flags & 16 != 0, let url = try? router.url(for: pattern, parameters: values), !isOverLimit(url, router) {
        probes.append(url)
        let match = router.match(url)
        fuzzCheck(
            match?.pattern == pattern,
            "\(fuzzShow(pattern)) generated \(fuzzShow(url)), which matches \(match?.pattern ?? "nothing")")
    }

    fuzzCheck(router.deregister(pattern), "could not deregister \(fuzzShow(pattern))")
    fuzzCheck(!router.deregister(pattern), "deregistered \(fuzzShow(pattern)) twice")
    fuzzCheck(
        router.routes.count == existingCount, "deregistering \(fuzzShow(pattern)) left \(router.routes.count) routes")
    for probe in probes {
        fuzzCheck(
            router.match(probe)?.pattern != pattern, "\(fuzzShow(probe)) still reaches the removed \(fuzzShow(pattern))"
        )
    }
    do {
        try router.register(pattern) { _ in }
    } catch {
        fuzzCheck(false, "\(fuzzShow(pattern)) cannot be registered again after deregistering: \(error)")
    }
    return 0
}

/// Whether `url` is over one of the router's limits (a long pattern plus values can be).
func isOverLimit(_ url: String, _ router: Router) -> Bool {
    if case .overLimit = router.currentTable().lookup(url) { return true }
    return false
}
