// Stand-in for the router core's `RouteError`, with the shape the core publishes, so the
// mediator can be written and tested before the core lands. Deleted when the core is merged.

/// Why a route or a mediator call failed.
///
/// ```swift
/// if case .failure(let error) = result, error.code == .targetNotFound { print(error) }
/// ```
public struct RouteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is.
    public enum Code: String, Sendable {
        case notFound, refused, declined, invalidPattern, conflict, limitExceeded,
            invalidParameter, missingParameter, redirectLoop, dropped, targetNotFound,
            actionNotFound
    }

    /// What kind of failure this is.
    public var code: Code
    /// A full sentence that quotes the URL, pattern, target or action.
    public var message: String
    /// The ``message``.
    public var description: String { message }
}
