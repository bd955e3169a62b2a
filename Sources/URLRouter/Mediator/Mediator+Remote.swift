extension Mediator {
    /// The rules a URL must pass in ``perform(url:completion:)``; the app may tighten them, setting the policy whole.
    ///
    /// ```swift
    /// mediator.remotePolicy = RemotePolicy(allowedSchemes: ["myapp"])
    /// ```
    public var remotePolicy: RemotePolicy {
        get { state.withLock { $0.remotePolicy } }
        set { var old = newValue; state.withLock { swap(&$0.remotePolicy, &old) } }  // released after the lock
    }

    /// Performs a call that arrived as a URL, `scheme://target/action?name=value`.
    ///
    /// The query items, read as a router reads them, are the parameters (strings; `+` is not a space; `?=x` is the name
    /// `""`; the last of repeated names wins); the fragment is ignored; the target is never cached. The path is exactly
    /// one segment, the action: `/b/c` and `/b/` are not found, nor is `app:///b`, without a target. A URL over 16 KiB
    /// (a router's default ``Router/Limits/maxURLLength``) fails with `.limitExceeded` before it is read.
    ///
    /// Refused, after percent-decoding: a target or action name that contains `/` or a control character
    /// (`app://Shop/a%2Fb`, `app://Shop/a%00`), actions whose names start with `native` in any letter case
    /// (`na%74iveX`, `NativeX`), a direct call of ``notFoundAction``, and whatever ``remotePolicy`` refuses. The
    /// target's `notFound` action and the ``noTargetHandler`` apply as for a local call.
    ///
    /// `completion` is called exactly once, before this returns, with the result that is also returned.
    ///
    /// ```swift
    /// mediator.perform(url: "myapp://Shop/itemView?id=42") { result in
    ///     if case .failure(let error) = result { print(error) }
    /// }
    /// ```
    @discardableResult
    public func perform(
        url: String, completion: ((Result<Any?, RouteError>) -> Void)? = nil
    ) -> Result<Any?, RouteError> {
        let result = MediatorURL.parse(url).flatMap { call -> Result<Any?, RouteError> in
            if let reason = refusal(of: call) { return .failure(.refused(url, reason: reason)) }
            return performResult(target: call.target, action: call.action, params: call.parameters)
        }
        completion?(result)
        return result
    }

    /// Why a call from outside the app is refused, or nil: the rules below, then the policy.
    func refusal(of call: RemoteCall) -> String? {
        Self.unusableName(call) ?? Self.alwaysRefused(call.action) ?? remotePolicy.refusal(of: call)
    }

    /// A name a URL gives must be one a local caller could mean: not empty, no `/` (which would read as `Target/action`
    /// in a policy or a log), no control character. Checked after percent-decoding, so `%2F` and `%00` are caught too.
    private static func unusableName(_ call: RemoteCall) -> String? {
        for (kind, name) in [("target", call.target), ("action", call.action)] {
            let control = name.unicodeScalars.contains { $0.properties.generalCategory == .control }
            let slash = name.utf8.contains(UInt8(ascii: "/")) ? "contains \"/\"" : nil
            guard let problem = name.isEmpty ? "is empty" : slash ?? (control ? "contains a control character" : nil)
            else { continue }
            return "the \(kind) name \(RouteError.quoted(name)) \(problem); a name a URL reaches must not be empty "
                + "nor contain \"/\" or control characters."
        }
        return nil
    }

    /// CTMediator's rule: `native…` actions are for local callers only. The first six bytes of the uppercased,
    /// decomposed name are compared, so no spelling of the prefix (`NATIVE`, `natıve` with a dotless i, an `e` with a
    /// combining mark, decomposed or not) can reach one, even through a `notFound` action that matches names
    /// case-insensitively. `notFound` is refused because the mediator, not the URL, says which action was missing.
    private static func alwaysRefused(_ action: String) -> String? {
        if action.uppercased().decomposedStringWithCanonicalMapping.utf8.starts(with: "NATIVE".utf8) {
            return "the action \(RouteError.quoted(action)) starts with \"native\"; such actions are local only."
        }
        if action == notFoundAction {
            return "\(RouteError.quoted(notFoundAction)) is a fallback, not an action a URL may name."
        }
        return nil
    }
}
