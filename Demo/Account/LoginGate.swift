import Synchronization
import URLRouter

/// Whether someone is signed in, shared by every caller in the process. The demo starts signed
/// in; `account://logout` signs out.
final class AccountSession: Sendable {
    static let shared = AccountSession()

    private let signedIn = Atomic(true)

    var isSignedIn: Bool { signedIn.load(ordering: .acquiring) }

    func signOut() { signedIn.store(false, ordering: .releasing) }
}

/// Sends every link to an `account://` pattern to the sign-in screen while nobody is signed in,
/// with the link it stopped in `next` (`account://about` reaches the scheme-less `/about`: not gated).
///
/// The sign-in screen and sign-out are themselves `account://` routes, so they are let through:
/// otherwise the redirect to `account://login` would be intercepted again, and every open
/// would end in a redirect loop.
struct LoginGate: RouteInterceptor {
    /// The routes a signed-out user may open.
    static let openPatterns: Set<String> = [AccountModule.loginPattern, "account://logout"]

    let session: AccountSession

    func intercept(_ open: RouteInterception) -> RouteInterception.Decision {
        guard let pattern = open.pattern, pattern.hasPrefix("account://"),
            !Self.openPatterns.contains(pattern), !session.isSignedIn
        else { return .proceed }
        return .redirect("\(AccountModule.loginPattern)?next=\(Self.queryEncoded(open.url))")
    }

    /// `text` with every byte but the unreserved ones (RFC 3986) percent-encoded, so that a
    /// link's own `?`, `&` and `#` stay inside the `next` value.
    static func queryEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
