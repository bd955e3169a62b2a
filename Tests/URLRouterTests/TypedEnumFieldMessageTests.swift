import Testing

@testable import URLRouter

private enum Priority: Int, Codable, Sendable {
    case low = 1
    case high = 2
}

private struct TaskRoute: URLRoute {
    static let pattern = "tasks://list"
    var priority: Priority?
}

/// A field's failure names the field's type: `"3"` and `"urgent"` are both not a valid `Priority`.
@Suite("Typed routes: an Int-raw enum field's failure names the enum")
struct TypedEnumFieldMessageTests {
    @Test(arguments: ["3", "urgent"])
    func explainNamesTheEnum(_ text: String) throws {
        let router = Router()
        try router.register(TaskRoute.self) { _, _ in }
        let verdicts = router.explain("tasks://list?priority=\(text)").candidates.map(\.verdict)
        #expect(verdicts == [.fieldMismatch(#"field "priority": "\#(text)" is not a valid Priority"#)])
    }
}
