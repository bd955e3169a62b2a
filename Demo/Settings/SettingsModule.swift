import Foundation
import URLRouter

/// The Settings demo module: the theme, under `settings://`.
///
/// A theme is a placeholder type of its own, `<theme>`: `settings://theme/neon` matches no route,
/// and `deeplink explain` says that "neon" is not of type theme. Its target, `Target_Settings`, is
/// registered nowhere and named nowhere in code: the mediator finds it by name at run time, because
/// the app lists `"DemoSettings"` among the modules to search. Running the release-built
/// `deeplink open settings://theme/dark` proves that discovery survives optimisation and dead-code
/// stripping.
public enum SettingsModule {
    /// What each pattern is and reaches, for `deeplink routes`.
    public static let routeGuide: [String: (kind: String, reaches: String)] = [
        "settings://theme": ("target-action", "Target_Settings.theme, found by name at run time"),
        "settings://theme/:name<theme>": ("target-action", "Target_Settings.setTheme, found by name at run time"),
    ]

    /// The module name the mediator must search to find `Target_Settings`.
    public static let moduleName = "DemoSettings"

    /// Registers the `theme` placeholder type and the Settings routes on `router`, bridged to a
    /// target `mediator` discovers.
    public static func register(on router: Router, mediator: Mediator) throws(RouteError) {
        try router.register(RouteParameterType("theme") { ThemeStore.themes.contains($0) })
        // One batch: the module's routes appear together, or none of them does.
        try router.update { (routes: inout RouteBatch) throws(RouteError) in
            try routes.register("settings://theme", target: "Settings", action: "theme", on: mediator)
            try routes.register("settings://theme/:name<theme>", target: "Settings", action: "setTheme", on: mediator)
        }
    }
}

/// The current theme, shared by every caller in the process.
///
/// `@unchecked Sendable`: `current` is only read and written under `lock`. An `NSLock`, not a
/// `Synchronization.Mutex`, whose Linux futexes ThreadSanitizer does not model.
final class ThemeStore: @unchecked Sendable {
    static let shared = ThemeStore()
    static let themes = ["dark", "light", "system"]

    private let lock = NSLock()
    private var current = "system"

    var theme: String { lock.withLock { current } }

    /// Sets `name` if it is a known theme; returns whether it was.
    func set(_ name: String) -> Bool {
        guard Self.themes.contains(name) else { return false }
        lock.withLock { current = name }
        return true
    }
}

/// Found by the mediator by name only. Public, so that a release build keeps it: the optimiser
/// may drop an internal type that nothing references.
public struct Target_Settings: MediatorTarget {
    public init() {}

    public var actions: [String: MediatorAction] {
        [
            "theme": { _ in ["theme": ThemeStore.shared.theme] },
            // The route takes known themes only; a direct call with another name changes nothing.
            "setTheme": { params in
                let name = params["name"] as? String ?? ""
                return ["theme": ThemeStore.shared.set(name) ? name : ThemeStore.shared.theme]
            },
        ]
    }
}

/// The Settings' typed calls.
extension Mediator {
    /// The current theme, or nil when no Settings module is found.
    public func settingsTheme() -> String? {
        (perform(target: "Settings", action: "theme") as? [String: String])?["theme"]
    }
}
