import Dispatch
import Foundation
import Testing

@testable import URLRouter

/// The app's code that runs while the router or the mediator changes its own state, or that they
/// let go of there, calls them back; none of them may find its own lock held.
@Suite struct ReentrancyTests {
    /// Runs `body` from its deinit: what a module that reports or tidies up at its end does.
    final class Module: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        deinit { body() }
    }

    struct Page: URLRoute {
        static let pattern = "page/:name"
        static let origins: [LinkOrigin] = [.scheme("app"), .web("app.example.com")]
        let name: String
    }
}

extension ReentrancyTests {
    enum Link: CaseIterable, Sendable { case plain, origin, typed }

    /// Building a link reads the router as an open does: from a batch it sees the table as it
    /// was before the batch.
    @Test(arguments: Link.allCases)
    func aBatchMayBuildLinks(link: Link) throws {
        let router = Router()
        try router.register("page/:name", origins: [.scheme("app"), .web("app.example.com")]) { _ in }
        let built = try router.update { routes in
            try routes.register("app://other") { _ in }
            switch link {
            case .plain: return try router.url(for: "app://page/:name", parameters: ["name": "home"])
            case .origin: return try router.url(for: "page/:name", parameters: ["name": "home"], origin: .scheme("app"))
            case .typed: return try router.url(for: Page(name: "home"))
            }
        }
        #expect(built == "app://page/home")
        #expect(router.match(built)?.parameters["name"] == "home")
    }
}
