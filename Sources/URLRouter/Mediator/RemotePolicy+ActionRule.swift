extension RemotePolicy {
    /// One entry of ``RemotePolicy/allowedActions`` or ``RemotePolicy/deniedActions``: an action on one target, or an
    /// action on any target.
    ///
    /// The two forms are told apart by ``target`` alone, and a rule is compared with a call name by name, never as
    /// joined text. Written as a string literal, `"Target/action"` (split at the first `/`) names an action on one
    /// target and `"action"` (no `/`) an action on any target. Neither form is ambiguous: a call whose decoded target
    /// or action name contains `/` is refused before any rule is read, so `app://Probe/Bare%2Fping` (action
    /// `"Bare/ping"` on `Probe`) matches neither `"Bare/ping"` nor `"ping"`.
    ///
    /// ```swift
    /// let rules: Set<RemotePolicy.ActionRule> = [
    ///     "Shop/itemView",                                  // itemView on Shop only
    ///     "help",                                           // help on any target
    ///     RemotePolicy.ActionRule(action: "show", target: "Account"),
    /// ]
    /// ```
    ///
    /// A literal whose target or action part is empty (`"/ping"`, `"Shop/"`) or whose action part still contains `/`
    /// (`"a/b/c"`) names no action a URL can reach, so it matches nothing.
    public struct ActionRule: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
        /// The one target the rule is about, compared exactly (`"Account"` in `"Account/delete"`); nil for all.
        public var target: String?
        /// The action name, compared exactly: `"delete"` in `"Account/delete"`.
        public var action: String

        /// A rule for `action` on `target`, or on every target when `target` is nil. The names are taken as they are:
        /// nothing is split on `/`.
        ///
        /// ```swift
        /// RemotePolicy.ActionRule(action: "itemView", target: "Shop")   // same as "Shop/itemView"
        /// RemotePolicy.ActionRule(action: "help")                       // same as "help"
        /// ```
        public init(action: String, target: String? = nil) { (self.action, self.target) = (action, target) }

        /// Reads `"Target/action"` (split at the first `/`) or `"action"`.
        ///
        /// ```swift
        /// let rule: RemotePolicy.ActionRule = "Shop/itemView"   // target "Shop", action "itemView"
        /// ```
        public init(stringLiteral entry: String) {
            let scalars = entry.unicodeScalars
            if let slash = scalars.firstIndex(of: "/") {
                self.init(action: String(scalars[scalars.index(after: slash)...]), target: String(scalars[..<slash]))
            } else {
                self.init(action: entry)
            }
        }

        /// `"Target/action"`, or `"action"` for a rule about every target.
        ///
        /// ```swift
        /// RemotePolicy.ActionRule(action: "itemView", target: "Shop").description   // "Shop/itemView"
        /// ```
        public var description: String { target.map { "\($0)/\(action)" } ?? action }
    }
}
