/// A call that arrived as a URL, as ``RemotePolicy`` sees it: decoded, before it runs.
///
/// ```swift
/// RemotePolicy { call in call.target != "Admin" || call.parameters["token"] == expected }
/// ```
public struct RemoteCall: Sendable, Equatable {
    /// The URL as given: `"app://Shop/itemView?id=42"`.
    public var url: String
    /// The scheme, lowercased: `"app"`.
    public var scheme: String
    /// The target name, percent-decoded: `"Shop"`. Never empty and never with a `/` or a
    /// control character: such a call is refused before the policy sees it.
    public var target: String
    /// The action name, percent-decoded: `"itemView"`; never empty and never with a `/` or a
    /// control character, like ``target``.
    public var action: String
    /// The query items, percent-decoded; the last of repeated names wins: `["id": "42"]` for `?id=7&id=42`.
    /// For an external open of a bridged route: its parameters, with `**` the path a `**` took; for a name the query
    /// repeats (`?tag=a&tag=b`, which a typed request's array reads whole), the policy sees one call per value.
    public var parameters: [String: String]

    /// Creates a call, e.g. to try a policy's predicate in a test.
    ///
    /// ```swift
    /// RemoteCall(url: "app://Shop/show", scheme: "app", target: "Shop", action: "show", parameters: [:])
    /// ```
    public init(url: String, scheme: String, target: String, action: String, parameters: [String: String]) {
        (self.url, self.scheme, self.target, self.action, self.parameters) = (url, scheme, target, action, parameters)
    }
}

/// Which schemes, targets and actions a URL may reach through ``Mediator/perform(url:completion:)``.
///
/// The default allows everything except what the mediator always refuses: a target or action name that, once
/// percent-decoded, is empty or contains `/` or a control character; actions whose names start with `native` (in any
/// letter case); and a direct call of the `notFound` action. Every rule that is set must allow a call.
///
/// Action rules are ``ActionRule``s: `"Target/action"` for an action on one target, `"action"`
/// for that action on any target, compared name by name with the decoded call.
///
/// ```swift
/// mediator.remotePolicy = RemotePolicy(
///     allowedSchemes: ["myapp"], allowedTargets: ["Shop", "Account"],
///     deniedActions: ["Account/delete"])
/// ```
public struct RemotePolicy: Sendable {
    /// Schemes a URL may use, compared in any ASCII case (`["myapp"]`); nil allows any.
    public var allowedSchemes: Set<String>?
    /// Targets a URL may reach, compared exactly (`["Shop", "Account"]`); nil allows any.
    public var allowedTargets: Set<String>?
    /// Actions a URL may reach: `"Target/action"` (that action on that target) or `"action"`
    /// (that action on any target); nil allows any. See ``ActionRule``.
    public var allowedActions: Set<ActionRule>?
    /// Actions a URL may not reach, written like ``allowedActions`` and compared exactly: a target's `notFound` action
    /// still answers other spellings of a denied name, which ``allowedActions`` keeps out.
    public var deniedActions: Set<ActionRule>
    /// A last check, given the decoded call; return false to refuse it: `{ $0.parameters["token"] == token }`.
    public var predicate: (@Sendable (RemoteCall) -> Bool)?

    /// Creates a policy; with no arguments it allows every call the mediator does not always refuse.
    ///
    /// ```swift
    /// RemotePolicy(allowedSchemes: ["myapp"], allowedActions: ["Shop/itemView", "help"])
    /// ```
    public init(
        allowedSchemes: Set<String>? = nil, allowedTargets: Set<String>? = nil,
        allowedActions: Set<ActionRule>? = nil, deniedActions: Set<ActionRule> = [],
        predicate: (@Sendable (RemoteCall) -> Bool)? = nil
    ) {
        (self.allowedSchemes, self.allowedTargets) = (allowedSchemes, allowedTargets)
        (self.allowedActions, self.deniedActions, self.predicate) = (allowedActions, deniedActions, predicate)
    }

    /// Why `call` is refused, or nil when this policy allows it.
    func refusal(of call: RemoteCall) -> String? {
        if let schemes = allowedSchemes, !schemes.contains(where: { LinkOrigin.asciiLowercased($0) == call.scheme }) {
            return "the scheme \(RouteError.quoted(call.scheme)) is not allowed."
        }
        if let targets = allowedTargets, !targets.contains(call.target) {
            return "the target \(RouteError.quoted(call.target)) is not allowed."
        }
        // The only two rules that name this call; compared field by field, as Hashable does.
        let naming = [ActionRule(action: call.action, target: call.target), ActionRule(action: call.action)]
        let action = { "the action \(RouteError.quoted(call.action)) of target \(RouteError.quoted(call.target))" }
        if let rules = allowedActions, !naming.contains(where: rules.contains) { return action() + " is not allowed." }
        if naming.contains(where: deniedActions.contains) { return action() + " is denied." }
        if let predicate, !predicate(call) { return "the app's policy declined it." }
        return nil
    }
}
