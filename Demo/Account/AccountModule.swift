import Dispatch
import URLRouter

/// The Account demo module: profiles, the session and a debug reset, under `account://`.
///
/// It never imports the Shop: it asks for the cart through the mediator by name and empties it
/// by opening a Shop URL.
public enum AccountModule {
    /// What each pattern is and reaches, for `deeplink routes`.
    public static let routeGuide: [String: (kind: String, reaches: String)] = [
        "account://profile/:user": ("handler", "profile; asks the Shop for the cart size through the mediator"),
        "account://session/refresh": (
            "handler", "refreshes the session; the result comes through the completion later"
        ),
        "account://logout": ("handler", "signs out; empties the cart by opening shop://cart/clear"),
        "account://debug/reset": ("handler", "resets demo state; internal-only"),
        loginPattern: ("handler", "the sign-in screen; where the login gate sends account:// links after logout"),
    ]

    /// The sign-in screen, where ``LoginGate`` sends `account://` links while signed out.
    static let loginPattern = "account://login"

    /// How long the pretend token refresh takes.
    static let refreshDelay: Double = 0.25

    /// Registers the Account's routes on `router` and its target on `mediator`.
    public static func register(on router: Router, mediator: Mediator) throws(RouteError) {
        mediator.register(Target_Account.self)
        router.addInterceptor(LoginGate(session: .shared, router: router))

        // One batch: the module's routes appear together, or none of them does.
        try router.update { (routes: inout RouteBatch) throws(RouteError) in
            try routes.register(loginPattern) { request in
                request.complete(["screen": "sign-in", "next": request.parameters["next"] ?? ""] as [String: Any])
            }

            // A plain placeholder. The Shop is reached by target name, never imported.
            try routes.register("account://profile/:user") { request in
                let cartItems = mediator.perform(target: "Shop", action: "cartCount") as? Int ?? 0
                request.complete(["user": request.parameters["user"] ?? "", "cartItems": cartItems] as [String: Any])
            }

            // The result comes through the completion later, from another thread: the handler keeps
            // the request, so the router waits for it instead of completing with nil.
            try routes.register("account://session/refresh") { request in
                DispatchQueue.global().asyncAfter(deadline: .now() + refreshDelay) {
                    request.complete(["session": "refreshed", "expiresIn": 3600] as [String: Any])
                }
            }

            // One module reaching another through a URL. Opened from inside the app, so the Shop's
            // native action, refused to links from outside, runs. The handler holds `router`, which
            // holds the handler: fine for the app's router, made once for the whole process.
            try routes.register("account://logout") { request in
                let cleared = router.object(for: "shop://cart/clear") as? [String: Int]
                AccountSession.shared.signOut()
                request.complete(["signedOut": true, "cartItemsRemoved": cleared?["removed"] ?? 0] as [String: Any])
            }

            // Only the app itself may open this; the daemon's external opens are refused.
            try routes.register("account://debug/reset", access: .internal) { request in
                _ = router.object(for: "shop://cart/clear")
                request.complete("demo state reset")
            }
        }
    }
}

/// The Account's target-actions. Registered explicitly by ``AccountModule/register(on:mediator:)``.
public struct Target_Account: MediatorTarget {
    public init() {}

    public var actions: [String: MediatorAction] {
        [
            "userName": { _ in AccountSession.shared.isSignedIn ? "ada" : nil },
            "notFound": { params in "Account has no action \(params[Mediator.missingActionKey] ?? "?")" },
        ]
    }
}

/// The Account's typed calls.
extension Mediator {
    /// The signed-in user's name; nil when nobody is signed in, or without an Account module.
    public func accountUserName() -> String? {
        perform(target: "Account", action: "userName") as? String
    }
}
