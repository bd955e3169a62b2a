/// Collects the value of each expression statement of a closure, in order, so that an example
/// written as lines such as `router.canOpen(url)   // true` compiles without an unused-value
/// warning and a test can check the value its comment claims. A statement of type `Void` (an
/// assignment, a call that returns nothing) adds no value.
@resultBuilder
enum ExpressionValues {
    static func buildExpression<Value>(_ value: Value) -> [Any] { [value] }
    static func buildExpression(_: Void) -> [Any] { [] }
    static func buildBlock(_ parts: [Any]...) -> [Any] { parts.flatMap { $0 } }
    static func buildOptional(_ part: [Any]?) -> [Any] { part ?? [] }
    static func buildEither(first part: [Any]) -> [Any] { part }
    static func buildEither(second part: [Any]) -> [Any] { part }
    static func buildArray(_ parts: [[Any]]) -> [Any] { parts.flatMap { $0 } }
}

/// The values of `body`'s expression statements, in order (see ``ExpressionValues``).
func evaluate(@ExpressionValues _ body: () async throws -> [Any]) async rethrows -> [Any] {
    try await body()
}
