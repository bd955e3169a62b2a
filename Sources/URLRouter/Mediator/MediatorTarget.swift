/// The body of one action: the call's parameters in, the action's value out.
///
/// ```swift
/// let itemView: MediatorAction = { params in ItemView(id: params["id"] as? Int ?? 0) }
/// ```
public typealias MediatorAction = ([String: Any]) -> Any?

/// A module's entry point for the ``Mediator``: a named type with a table of named actions.
///
/// A module author writes the action bodies and little else:
///
/// ```swift
/// public struct Target_Shop: MediatorTarget {
///     public init() {}
///     public var actions: [String: MediatorAction] {
///         [
///             "itemView": { params in ItemView(id: params["id"] as? Int ?? 0) },
///             "notFound": { params in "Shop has no \(params[Mediator.missingActionKey] ?? "")" },
///         ]
///     }
/// }
/// ```
///
/// The mediator finds a target in one of two ways:
/// - registration: `mediator.register(Target_Shop.self)`, under ``targetName``;
/// - discovery: a type named `Target_<name>` in a module listed in ``Mediator/searchModules`` is found by name at run
///   time, without registration. Declare discovered targets `public`: a release build drops internal structs that
///   nothing references (see ``Mediator/searchModules``).
///
/// Each call creates an instance with `init()`, outside the mediator's lock; with `cacheTarget: true` the first one is
/// kept and shared by every thread, which is why a target is `Sendable`. An `init()` must not call the mediator for its
/// own target.
///
/// An action named ``Mediator/notFoundAction`` (`"notFound"`) is the target's fallback: it receives the original
/// parameters plus the missing action's name under ``Mediator/missingActionKey``.
public protocol MediatorTarget: Sendable {
    /// The name callers use, e.g. `"Shop"`. Defaults to the type's name without a leading `Target_`, so `Target_Shop`
    /// is `"Shop"`.
    ///
    /// ```swift
    /// struct Entry: MediatorTarget { static let targetName = "Shop"; var actions: [String: MediatorAction] { [:] } }
    /// ```
    static var targetName: String { get }

    /// Creates the target: for every call, or once for calls with `cacheTarget: true` until it is released.
    init()

    /// The actions by name. Read once per call, on the caller's thread.
    ///
    /// ```swift
    /// var actions: [String: MediatorAction] { ["ping": { _ in "pong" }] }
    /// ```
    var actions: [String: MediatorAction] { get }
}

extension MediatorTarget {
    /// The type's name without a leading `Target_`: `Target_Shop` is `"Shop"`.
    ///
    /// ```swift
    /// Target_Shop.targetName   // "Shop"
    /// ```
    public static var targetName: String {
        let name = String(describing: Self.self)
        return name.hasPrefix("Target_") ? String(name.dropFirst("Target_".count)) : name
    }
}
