// Stand-ins for the app's own types and functions that the examples use without declaring.

/// The screen the examples return for an item. Routes hand the id as text, local calls as an
/// `Int`.
public struct ItemView: Sendable, Equatable {
    public var id: Int
    public var referrer: String?

    public init(id: Int, referrer: String? = nil) {
        self.id = id
        self.referrer = referrer
    }

    /// The id as a route's parameter gives it; text that is no number gives the id -1.
    public init(id: String, referrer: String? = nil) {
        self.init(id: Int(id) ?? -1, referrer: referrer)
    }
}

/// Whether someone is signed in, as an interceptor reads it.
struct Session: Sendable {
    var isLoggedIn: Bool
}

// The app's logging and screens: here they print, so that a test reads what they were given.

func log(_ message: Any) { print(message) }

func show(_ value: Any?) { print("show", value ?? "nil") }
