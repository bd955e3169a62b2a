/// Calls actions on targets by name, so modules reach each other without importing each other (the Target-Action
/// pattern of CTMediator).
///
/// ```swift
/// let mediator = Mediator(searchModules: ["Shop"])      // finds `Shop.Target_Shop`
/// let view = mediator.perform(target: "Shop", action: "itemView", params: ["id": 42])
/// ```
///
/// A call tries, in order: the action; else the target's ``notFoundAction``; else the ``noTargetHandler``. Then
/// ``perform(target:action:params:cacheTarget:)`` returns nil and ``performResult(target:action:params:cacheTarget:)``
/// the matching failure.
///
/// Actions run on the caller's thread and never under the mediator's lock, so an action may call the mediator again.
public final class Mediator: Sendable {
    /// Told about a call that found no target, or a target without the action and without a ``notFoundAction``: the
    /// target name, the action name and the call's parameters.
    ///
    /// ```swift
    /// mediator.noTargetHandler = { target, action, _ in log("no \(target).\(action)") }
    /// ```
    public typealias NoTargetHandler = @Sendable (_ target: String, _ action: String, _ params: [String: Any]) -> Void

    /// The mediator modules use unless they are handed another.
    ///
    /// ```swift
    /// Mediator.shared.searchModules = ["Shop", "Account"]
    /// ```
    public static let shared = Mediator()

    /// The name of a target's fallback action: `"notFound"`.
    ///
    /// ```swift
    /// [Mediator.notFoundAction: { params in params[Mediator.missingActionKey] }]
    /// ```
    public static let notFoundAction = "notFound"

    /// The parameter under which a ``notFoundAction`` receives the missing action's name: `"mediator.missingAction"`.
    /// It replaces a caller's parameter of the same name.
    ///
    /// ```swift
    /// let missing = params[Mediator.missingActionKey] as? String
    /// ```
    public static let missingActionKey = "mediator.missingAction"

    struct State: Sendable {
        var registered: [String: any MediatorTarget.Type] = [:]
        var discovered: [String: any MediatorTarget.Type] = [:]
        var cached: [String: TargetSlot] = [:]
        var searchModules: [String]
        var noTargetHandler: NoTargetHandler?
        var remotePolicy = RemotePolicy()
    }

    let state: Locked<State>

    /// Creates a mediator with its own registrations, cache and handlers.
    ///
    /// - Parameter searchModules: modules in which `Target_<name>` types are discovered.
    ///
    /// ```swift
    /// let mediator = Mediator(searchModules: ["Shop", "Account"])
    /// ```
    public init(searchModules: [String] = []) { state = Locked(State(searchModules: searchModules)) }

    /// Registers a target type under its ``MediatorTarget/targetName``, replacing an earlier registration of that name
    /// and dropping its cached instance.
    ///
    /// ```swift
    /// mediator.register(Target_Shop.self)
    /// ```
    public func register(_ type: any MediatorTarget.Type) {
        let name = type.targetName
        _ = state.withLock {
            $0.registered[name] = type
            return $0.cached.removeValue(forKey: name)  // released after the lock, as in releaseCachedTarget
        }
    }

    /// Called when a call finds no target, or a target without the action and without a ``notFoundAction``. Runs on the
    /// caller's thread, outside the mediator's lock.
    ///
    /// ```swift
    /// mediator.noTargetHandler = { target, action, params in report(target, action) }
    /// ```
    public var noTargetHandler: NoTargetHandler? {
        get { state.withLock { $0.noTargetHandler } }
        set { var old = newValue; state.withLock { swap(&$0.noTargetHandler, &old) } }  // released after the lock
    }

    /// Calls `action` on `target` and returns its value, or nil when the call found nothing.
    ///
    /// - Parameters:
    /// - target: the target's name, `"Shop"` for `Target_Shop`.
    /// - action: the action's name.
    /// - params: the action's parameters.
    /// - cacheTarget: keep the target instance for later calls. A cached instance is used by every call to that target,
    ///     whatever their `cacheTarget`, until ``releaseCachedTarget(_:)``, registering its type again or, for a
    ///     discovered target, a change of ``searchModules``.
    ///
    /// ```swift
    /// let view = mediator.perform(target: "Shop", action: "itemView", params: ["id": 42]) as? ItemView
    /// ```
    @discardableResult
    public func perform(
        target: String, action: String, params: [String: Any] = [:], cacheTarget: Bool = false
    ) -> Any? { try? performResult(target: target, action: action, params: params, cacheTarget: cacheTarget).get() }

    /// Calls `action` on `target` and tells what happened:
    /// - `.success(value)`: the action, or the target's ``notFoundAction``, ran and returned `value` (which may be
    ///   nil);
    /// - `.failure` with code `.targetNotFound` or `.actionNotFound`, after the ``noTargetHandler`` ran, or
    ///   `.invalidParameter` from a typed action (``MediatorRequest/handler(_:)``) whose parameters do not decode.
    ///
    /// ```swift
    /// switch mediator.performResult(target: "Shop", action: "itemView", params: ["id": 42]) {
    /// case .success(let value): show(value)
    /// case .failure(let error): print(error)   // No target "Shop" for action "itemView": ...
    /// }
    /// ```
    public func performResult(
        target: String, action: String, params: [String: Any] = [:], cacheTarget: Bool = false
    ) -> Result<Any?, RouteError> {
        let quoted = RouteError.quoted
        guard let instance = instance(of: target, cache: cacheTarget) else {
            noTargetHandler?(target, action, params)
            let message =
                "No target \(quoted(target)) for action \(quoted(action)): none is registered under that name "
                + "and no searched module has a public type \(quoted("Target_" + target))"
                + (searchModules.isEmpty ? " (Mediator.searchModules is empty)." : ".")
                + (target.hasPrefix("Target_") ? " A target is named without its \"Target_\" prefix." : "")
                + (searchModules.first { !Self.isIdentifier($0, digitFirst: false) }.map {
                    " \(quoted($0)) is no Swift module name: a module is named as its SwiftPM target, with \"_\" for \"-\" and spaces."
                } ?? "")
            return .failure(RouteError(.targetNotFound, message))
        }
        let actions = instance.actions
        if let body = actions[action] { return Self.result(of: body(params)) }
        if let fallback = actions[Self.notFoundAction] {
            return Self.result(of: fallback(params.merging([Self.missingActionKey: action]) { $1 }))
        }
        noTargetHandler?(target, action, params)
        let missing = "no action \(quoted(action)) and no \(quoted(Self.notFoundAction)) action"
        return .failure(RouteError(.actionNotFound, "Target \(quoted(target)) has \(missing)."))
    }
}
