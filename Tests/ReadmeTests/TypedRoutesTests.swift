// swift-format-ignore-file
// The README shows these snippets as written: aligned comments, long lines.
import Testing
import URLRouter

struct ArticleRoute: URLRoute {
    static let pattern = "news://article/:id<int>"
    var id: Int
    var ref: String?                               // from the query
}

struct HeadlineRequest: MediatorRequest {          // a typed Target-Action call
    typealias Response = String
    static let target = "News", action = "headline"
    var id: Int
}

struct Target_News: MediatorTarget {
    var actions: [String: MediatorAction] {
        [HeadlineRequest.action: HeadlineRequest.handler { request in "Headline \(request.id)" }]
    }
}

/// The README's typed routes, run, with the output the README shows under them.
@Suite("README: typed routes")
struct TypedRoutesTests {
    @Test func printsWhatTheReadmeShows() async throws {
        let printed = try await capturingPrints {
            let router = Router()
            let mediator = Mediator()
            mediator.register(Target_News.self)

            try router.register(ArticleRoute.self) { article, request in
                request.complete("article \(article.id) via \(article.ref ?? "-")")
            }
            let link = try router.url(for: ArticleRoute(id: 7, ref: "mail"))
            print(link)                                     // news://article/7?ref=mail
            print(router.match(link, as: ArticleRoute.self)!)   // ArticleRoute(id: 7, ref: Optional("mail"))
            print(router.open("news://article/abc"))        // false: "abc" is not an Int, no route takes it
            print(try mediator.perform(HeadlineRequest(id: 7)))   // Headline 7, given a Target_News (Target-Action, below)
        }
        #expect(printed == """
            news://article/7?ref=mail
            ArticleRoute(id: 7, ref: Optional("mail"))
            false
            Headline 7

            """)
    }
}
