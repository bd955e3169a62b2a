extension RoutePattern {
    /// Parses an all-ASCII pattern without optional groups byte by byte into `scratch`: the same
    /// rules and messages as the general parser, without its Character handling (in ASCII every
    /// byte is a Character, and control characters are refused before anything else). Returns
    /// false, leaving `scratch` untouched, when the pattern has a non-ASCII byte or an optional
    /// group; the general parser takes those. The caller has checked the length limit.
    static func scanASCII(
        _ text: String, typeIndex: (String) -> Int32?, limits: Router.Limits, into scratch: inout PatternScratch
    ) throws(RouteError) -> Bool {
        var utf8 = text
        return try utf8.withUTF8 { bytes in
            Result { () throws(RouteError) in
                try scanASCII(bytes, text: text, typeIndex: typeIndex, limits: limits, into: &scratch)
            }
        }.get()
    }

    private static func scanASCII(
        _ bytes: UnsafeBufferPointer<UInt8>, text: String, typeIndex: (String) -> Int32?, limits: Router.Limits,
        into scratch: inout PatternScratch
    ) throws(RouteError) -> Bool {
        func fail(_ problem: String) -> RouteError { .invalidPattern(text, problem) }
        // One pass for everything that is refused or sent to the general parser; letters and
        // most punctuation (0x40..<0x7F) skip every test.
        var queryOrFragment: UInt8?
        var control: UInt8?
        for byte in bytes where byte &- 0x40 >= 0x3F {
            if byte >= 0x80 || byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") { return false }
            if queryOrFragment == nil && (byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")) { queryOrFragment = byte }
            if control == nil && (byte < 0x20 || byte == 0x7F) { control = byte }
        }
        if let queryOrFragment {
            throw fail("a pattern has no query or fragment, but it contains \"\(Character(UnicodeScalar(queryOrFragment)))\".")
        }
        if let control {
            throw fail("it contains the control character U+\(String(control, radix: 16, uppercase: true)).")
        }
        var start = 0
        scratch.scheme = nil
        scratch.hasAuthority = false
        scratch.isFallback = false
        // As the general parser and the URL scanner: the whole scheme, however long.
        let schemeLength = URLScanner.schemeLength(bytes)
        if schemeLength > 0 {
            scratch.scheme = String(unsafeUninitializedCapacity: schemeLength) { buffer in
                for index in 0..<schemeLength { buffer[index] = foldASCII(bytes[index]) }
                return schemeLength
            }
            start = schemeLength + 1
            scratch.hasAuthority = bytes.count >= start + 2 && bytes[start] == UInt8(ascii: "/") && bytes[start + 1] == UInt8(ascii: "/")
            scratch.isFallback = scratch.hasAuthority && bytes[start...].allSatisfy { $0 == UInt8(ascii: "/") }
        }

        let first = scratch.views.count
        var partStart = start
        var index = start
        // Parts split on `/`, empty ones skipped; `**` must be the last part.
        while partStart < bytes.count {
            while index < bytes.count && bytes[index] != UInt8(ascii: "/") { index += 1 }
            if index > partStart {
                let part = UnsafeBufferPointer(rebasing: bytes[partStart..<index])
                let view = try scanSegment(part, typeIndex: typeIndex, into: &scratch, fail: fail)
                if view.kind == .catchAll, bytes[index...].contains(where: { $0 != UInt8(ascii: "/") }) {
                    throw fail("\"**\" must be the last segment.")
                }
                if view.kind == .parameter {
                    let name = scratch.bytes[Int(view.nameStart)..<Int(view.nameStart + view.nameCount)]
                    for earlier in scratch.views[first...] where earlier.kind == .parameter
                        && scratch.bytes[Int(earlier.nameStart)..<Int(earlier.nameStart + earlier.nameCount)].elementsEqual(name) {
                        throw fail("the placeholder name \"\(String(decoding: name, as: UTF8.self))\" is used twice.")
                    }
                }
                scratch.views.append(view)
            }
            index += 1
            partStart = index
        }
        let count = scratch.views.count - first
        guard count <= limits.maxSegments else {
            throw RouteError(.limitExceeded,
                "Pattern \(RouteError.quoted(text)) has \(count) segments; the limit is \(limits.maxSegments) (Router.Limits.maxSegments).")
        }
        return true
    }

    /// One part between slashes; its decoded bytes go to `scratch.bytes`.
    private static func scanSegment(
        _ part: UnsafeBufferPointer<UInt8>, typeIndex: (String) -> Int32?, into scratch: inout PatternScratch,
        fail: (String) -> RouteError
    ) throws(RouteError) -> SegmentView {
        let star = UInt8(ascii: "*")
        if part.count == 2 && part[0] == star && part[1] == star { return SegmentView(kind: .catchAll) }
        if part.count == 1 && part[0] == star { return SegmentView(kind: .wildcard) }
        guard part[0] == UInt8(ascii: ":") else {
            let start = Int32(scratch.bytes.count)
            PercentDecoding.append(part, to: &scratch.bytes)
            return SegmentView(kind: .literal, bytesStart: start, bytesCount: Int32(scratch.bytes.count) - start)
        }

        func text(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String { String(decoding: bytes, as: UTF8.self) }
        var nameEnd = 1
        while nameEnd < part.count, isNameByte(part[nameEnd]) { nameEnd += 1 }
        guard nameEnd > 1 else {
            throw fail("the placeholder \"\(text(part[...]))\" has an empty name; a name is [A-Za-z_][A-Za-z0-9_]*.")
        }
        guard part[1] &- UInt8(ascii: "0") >= 10 else {
            throw fail("the placeholder name \"\(text(part[1..<nameEnd]))\" starts with a digit; a name is [A-Za-z_][A-Za-z0-9_]*.")
        }
        var view = SegmentView(kind: .parameter)
        var rest = nameEnd
        if rest < part.count && part[rest] == UInt8(ascii: "<") {
            guard let close = part[rest...].firstIndex(of: UInt8(ascii: ">")) else {
                throw fail("\"<\" in \"\(text(part[...]))\" is never closed.")
            }
            let typeName = text(part[(rest + 1)..<close])
            guard !typeName.isEmpty else { throw fail("the placeholder \"\(text(part[...]))\" has an empty type.") }
            guard let type = typeIndex(typeName) else {
                throw fail("unknown type \"\(typeName)\" in \"\(text(part[...]))\"; register it with a RouteParameterType first.")
            }
            view.type = type
            view.typeNameStart = Int32(scratch.bytes.count)
            view.typeNameCount = Int32(close - rest - 1)
            scratch.bytes.append(contentsOf: part[(rest + 1)..<close])
            rest = close + 1
        }
        if part[rest...].contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") }) {
            throw fail("unexpected \"<\" or \">\" after the placeholder in \"\(text(part[...]))\".")
        }
        view.nameStart = Int32(scratch.bytes.count)
        view.nameCount = Int32(nameEnd - 1)
        scratch.bytes.append(contentsOf: part[1..<nameEnd])
        view.bytesStart = Int32(scratch.bytes.count)
        PercentDecoding.append(UnsafeBufferPointer(rebasing: part[rest...]), to: &scratch.bytes)
        view.bytesCount = Int32(scratch.bytes.count) - view.bytesStart
        return view
    }

    /// `[A-Za-z0-9_]`.
    @inline(__always)
    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "_")
    }
}
