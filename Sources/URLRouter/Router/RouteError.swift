import protocol Foundation.LocalizedError

/// An error from the router or the mediator: what went wrong, as a code a program can switch
/// on and a sentence a person can read.
///
/// ```swift
/// do throws(RouteError) {
///     try router.register("shop://item/:id<money>") { _ in }
/// } catch {
///     print(error)        // Invalid pattern "shop://item/:id<money>": unknown type "money" ...
///     print(error.code)   // invalidPattern
/// }
/// ```
public struct RouteError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// What kind of failure this is, to switch on: `if error.code == .notFound { showMissingPage() }`.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// No registered pattern matches the URL, or a mediator URL names no target-action.
        case notFound
        /// A policy, an interceptor or the route's access level refused the URL.
        case refused
        /// Every matching handler declined the request.
        case declined
        /// A pattern is malformed.
        case invalidPattern
        /// A pattern has the same shape as one already registered, or a parameter type its name.
        case conflict
        /// The input is over one of the router's limits (URL length, segments, query items, ...).
        case limitExceeded
        /// A value does not fit: for a placeholder, a link origin or a typed action's parameters.
        case invalidParameter
        /// URL generation lacks a value for a placeholder.
        case missingParameter
        /// Interceptors redirected a URL in a loop.
        case redirectLoop
        /// A deferred open was dropped: the oldest (external first) in a full queue, or the router was freed.
        case dropped
        /// The task waiting in ``Router/value(opening:source:userInfo:isolation:)-(String,_,_,_)`` was cancelled.
        case cancelled
        /// The mediator found no target of that name.
        case targetNotFound
        /// The mediator's target has no action of that name.
        case actionNotFound
        /// A route table is malformed, or its file cannot be read.
        case invalidRouteTable
        /// A typed mediator call's action returned something other than its declared result.
        case invalidResult
    }

    /// What kind of failure this is: `.notFound` for a URL no route takes.
    public var code: Code
    /// A sentence that says what went wrong, quoting the input: `No route matches "shop://nowhere".`
    public var message: String

    /// Creates an error from a code and a message.
    ///
    /// ```swift
    /// throw RouteError(.refused, "Login required for \"account://orders\"")
    /// ```
    public init(_ code: Code, _ message: String) { (self.code, self.message) = (code, message) }

    /// The message, as `print(error)` shows it.
    public var description: String { message }
    /// The message, as `error.localizedDescription` shows it (in an alert, say).
    public var errorDescription: String? { message }

    /// No route for `url`: what `try await router.value(opening: "shop://x")` throws is `.notFound("shop://x")`.
    public static func notFound(_ url: String) -> RouteError {
        RouteError(.notFound, "No route matches \(quoted(url)).")
    }

    // The library's other messages: `Refused "…": …`, `Invalid pattern "shop://:": …`, `Rejected "…": …`.
    static func refused(_ url: String, reason: String) -> RouteError {
        RouteError(.refused, "Refused \(quoted(url)): \(reason)")
    }
    static func refused(_ url: String, byInterceptor reason: String) -> RouteError {
        RouteError(.refused, "Refused \(quoted(url)) by an interceptor" + (reason.isEmpty ? "." : ": \(reason)"))
    }
    static func invalidPattern(_ pattern: String, _ problem: String) -> RouteError {
        RouteError(.invalidPattern, "Invalid pattern \(quoted(pattern)): \(problem)")
    }
    static func limitExceeded(_ input: String, _ problem: String) -> RouteError {
        RouteError(.limitExceeded, "Rejected \(quoted(input)): \(problem)")
    }

    /// Whether `scalar` is a control character (C0, DEL, C1) or a line or paragraph separator.
    static func breaksLines(_ scalar: Unicode.Scalar) -> Bool {
        [.control, .lineSeparator, .paragraphSeparator].contains(scalar.properties.generalCategory)
    }

    /// Input for a message as a string literal, escaped as ``escaped(_:)`` says; past 200 characters it is shortened.
    static func quoted(_ text: String) -> String {
        let shown = escaped(Substring(text.unicodeScalars.prefix(200)))
        return text.unicodeScalars.count > 200 ? "\"\(shown)…\"" : "\"\(shown)\""
    }

    /// Text for a message with `"`, `\`, control characters and line separators escaped, so that none can forge a line
    /// of a log, and invisible format characters too (a BOM, a bidi override), so that it shows what is there.
    static func escaped(_ text: some StringProtocol) -> String {
        let escapes = { (scalar: Unicode.Scalar) in
            scalar == "\"" || scalar == "\\"
                || (!(0x20..<0x7F).contains(scalar.value)
                    && (breaksLines(scalar) || scalar.properties.generalCategory == .format))
        }
        guard text.unicodeScalars.contains(where: escapes) else { return String(text) }
        return text.unicodeScalars.map { escapes($0) ? $0.escaped(asASCII: true) : "\($0)" }.joined()
    }
}
