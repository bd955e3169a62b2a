import DemoAccount
import DemoSettings
import DemoShop
import URLRouter

/// The app's start-up: one router and one mediator, every module registered on them, and the
/// app's own route that pulls the modules together through their typed mediator calls.
enum AppComposition {
    /// The schemes links from outside may use; the desktop entry registers exactly these.
    static let externalSchemes = ["account", "settings", "shop"]
    /// The hosts whose https links from outside are taken.
    static let externalHosts = [ShopModule.webHost]

    /// Builds the routing every command uses.
    static func makeService() throws(RouteError) -> RouterService {
        // From outside, web links are taken as https to the Shop's host only.
        let router = Router(
            options: .init(
                allowedExternalSchemes: Set(externalSchemes),
                allowedExternalHosts: Set(externalHosts)))
        // Only Settings is searched: its target is found by name. Shop and Account register theirs.
        let mediator = Mediator(searchModules: [SettingsModule.moduleName])
        mediator.remotePolicy = RemotePolicy(allowedSchemes: Set(externalSchemes))

        var listings: [RouteListing] = []
        func install(
            _ module: String, _ guide: [String: (kind: String, reaches: String)],
            _ register: () throws(RouteError) -> Void
        ) throws(RouteError) {
            let before = Set(router.routes.map(\.pattern))
            try register()
            for route in router.routes where !before.contains(route.pattern) {
                // A route with link origins gets a row per origin (`shop://…`, `https://…`).
                for pattern in route.originPatterns {
                    let entry = guide[pattern]
                    listings.append(
                        RouteListing(
                            pattern: pattern, module: module,
                            kind: entry?.kind ?? (route.returnsObject ? "object" : "handler"),
                            reaches: entry?.reaches ?? "", internalOnly: route.access == .internal))
                }
            }
        }
        try install("Shop", ShopModule.routeGuide) { () throws(RouteError) in
            try ShopModule.register(on: router, mediator: mediator)
        }
        try install("Account", AccountModule.routeGuide) { () throws(RouteError) in
            try AccountModule.register(on: router, mediator: mediator)
        }
        try install("Settings", SettingsModule.routeGuide) { () throws(RouteError) in
            try SettingsModule.register(on: router, mediator: mediator)
        }
        try install("App", appRouteGuide) { () throws(RouteError) in
            try registerAbout(on: router, mediator: mediator)
        }
        return RouterService(
            router: router, externalSchemes: externalSchemes,
            routes: listings.sorted { $0.pattern < $1.pattern })
    }

    static let appRouteGuide: [String: (kind: String, reaches: String)] = [
        "/about": ("handler", "every scheme's about page; uses each module's typed mediator calls")
    ]

    /// A scheme-less pattern: `shop://about`, `account://about` and `settings://about` all land
    /// here, because the schemes have no `about` of their own (it also beats `shop://`, the
    /// fallback). The app may import every module, so it uses their typed calls.
    private static func registerAbout(on router: Router, mediator: Mediator) throws(RouteError) {
        try router.register("/about") { request in
            request.complete(
                [
                    "app": "URLRouter demo",
                    "user": mediator.accountUserName() ?? "-",
                    "cartItems": mediator.shopCartCount(),
                    "theme": mediator.settingsTheme() ?? "-",
                ] as [String: Any])
        }
    }
}
