/// Fuzz target: the daemon's request framing and request-line parser (`LineFramer`,
/// `RequestLine.parse`), compiled from the Demo's sources.
///
/// Invariants: nothing crashes; however the bytes are cut into reads, the framer yields the
/// same events, and they are the plain reading of the stream (a line per `\n`, one overlong
/// notice per line over the limit, a `\r` before its `\n` not counted, nothing for an unfinished
/// line within the limit and a `\r`); no line exceeds the limit; a parsed `OPEN` carries a non-empty URL without control characters
/// that comes back unchanged when re-sent, and `PING` is only ever `PING`.
@_cdecl("LLVMFuzzerTestOneInput")
public func daemonRequestLineFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(UnsafeBufferPointer(start: data, count: size))
    let limit = 1 + input.below(96)
    var cuts = FuzzInput(UnsafeBufferPointer(start: data, count: min(size, 8)))
    let stream = Array(input.remaining)

    let whole = frame(stream, limit: limit, chunk: { _ in stream.count + 1 })
    let pieces = frame(stream, limit: limit, chunk: { _ in 1 + cuts.below(7) })
    let expected = referenceEvents(stream, limit: limit)
    fuzzCheck(
        whole == expected,
        "framing the stream at once gave \(whole.count) events, expected \(expected.count) (limit \(limit))")
    fuzzCheck(
        pieces == expected, "framing in pieces gave \(pieces.count) events, expected \(expected.count) (limit \(limit))"
    )

    for case .line(let line) in whole {
        let counted = line.count - (line.last == UInt8(ascii: "\r") ? 1 : 0)
        fuzzCheck(counted <= limit, "a line of \(line.count) bytes passed a limit of \(limit)")
        checkRequest(line)
    }
    checkRequest(stream.filter { $0 != UInt8(ascii: "\n") })
    return 0
}

/// Feeds `stream` to a framer in pieces of `chunk(n)` bytes and collects every event.
func frame(_ stream: [UInt8], limit: Int, chunk: (Int) -> Int) -> [LineFramer.Event] {
    var framer = LineFramer(limit: limit)
    var events: [LineFramer.Event] = []
    var start = 0
    var index = 0
    while start < stream.count {
        let end = min(stream.count, start + max(1, chunk(index)))
        stream[start..<end].withUnsafeBytes { framer.append($0) }
        while let event = framer.next() { events.append(event) }
        start = end
        index += 1
    }
    return events
}

/// The spec's reading of a stream: each `\n`-terminated line is a line, or one overlong
/// notice when it is longer than `limit` (a `\r` before the `\n` not counted); an unfinished
/// line is one overlong notice once it is longer than `limit` and a `\r`, and nothing before that.
func referenceEvents(_ stream: [UInt8], limit: Int) -> [LineFramer.Event] {
    var parts = stream.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    let unfinished = parts.removeLast()
    var events: [LineFramer.Event] = parts.map { part in
        part.count - (part.last == UInt8(ascii: "\r") ? 1 : 0) > limit ? .overlong : .line(Array(part))
    }
    if unfinished.count > limit + 1 { events.append(.overlong) }
    return events
}

func checkRequest(_ line: [UInt8]) {
    let shown = fuzzShow(String(decoding: line, as: UTF8.self))
    switch RequestLine.parse(line) {
    case .success(.ping):
        var text = String(decoding: line, as: UTF8.self)
        if text.hasSuffix("\r") { text.removeLast() }
        fuzzCheck(
            text.unicodeScalars.filter { $0 != " " }.map(String.init).joined().uppercased() == "PING",
            "\(shown) parsed as PING")
    case .success(.open(let url)):
        fuzzCheck(!url.isEmpty, "\(shown) opened an empty URL")
        fuzzCheck(
            !url.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
            "\(shown) opened a URL with control characters")
        fuzzCheck(
            String(decoding: line, as: UTF8.self).contains(url),
            "\(shown) opened \(fuzzShow(url)), which it does not contain")
        for resent in ["OPEN " + url, "open   " + url + "  \r", "  Open " + url] {
            fuzzCheck(
                RequestLine.parse(Array(resent.utf8)) == .success(.open(url: url)),
                "\(fuzzShow(resent)) does not give \(fuzzShow(url)) back")
        }
    case .failure(let error):
        fuzzCheck(!error.code.isEmpty && !error.message.isEmpty, "\(shown) failed without a code or message")
    }
}
