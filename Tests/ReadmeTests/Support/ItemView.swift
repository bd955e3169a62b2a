// swift-format-ignore-file
// Support for the README snippet tests, formatted by hand like them.
/// The screen the README's snippets return for an item: an app's own type.
public struct ItemView: Sendable, Equatable {
    public let id: Int
    public var referrer: String?

    public init(id: Int, referrer: String? = nil) {
        self.id = id
        self.referrer = referrer
    }
}
