/// Splits a raw query on `&`, then each item on its first `=`. Empty items (`a=1&&b=2`) are
/// skipped; `flag` alone is a name with an empty value.
enum QueryScanner {
    /// Calls `body` with the raw name and value of each item.
    ///
    /// - Complexity: O(query length); no allocation.
    static func forEach(
        in bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int,
        _ body: (_ name: UnsafeBufferPointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>) -> Void
    ) {
        var itemStart = start
        while itemStart < end {
            let itemEnd = bytes[itemStart..<end].firstIndex(of: UInt8(ascii: "&")) ?? end
            if itemEnd > itemStart {
                let equals = bytes[itemStart..<itemEnd].firstIndex(of: UInt8(ascii: "=")) ?? itemEnd
                let name = UnsafeBufferPointer(rebasing: bytes[itemStart..<equals])
                let value = UnsafeBufferPointer(rebasing: bytes[min(equals + 1, itemEnd)..<itemEnd])
                body(name, value)
            }
            itemStart = itemEnd + 1
        }
    }
}
