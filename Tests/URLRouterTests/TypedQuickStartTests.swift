import Testing
import URLRouter

// The typed quick start, as a reader would paste it: a route type, its handler, a match, a
// printed link, and a typed Target-Action call.

struct ArticleRoute: URLRoute {
    static let pattern = "news://article/:id<int>"
    var id: Int
    var ref: String?  // from the query
}

struct HeadlineRequest: MediatorRequest {
    typealias Response = String
    static let target = "News", action = "headline"
    var id: Int
}

struct Target_News: MediatorTarget {
    var actions: [String: MediatorAction] {
        [HeadlineRequest.action: HeadlineRequest.handler { "Headline \($0.id)" }]
    }
}

@Suite("Typed quick start")
struct TypedQuickStartTests {
    @Test func quickStart() throws {
        let router = Router()
        let mediator = Mediator()
        mediator.register(Target_News.self)

        try router.register(ArticleRoute.self) { article, request in
            request.complete("article \(article.id) via \(article.ref ?? "-")")
        }
        let link = try router.url(for: ArticleRoute(id: 7, ref: "mail"))  // "news://article/7?ref=mail"
        let article = router.match(link, as: ArticleRoute.self)  // ArticleRoute(id: 7, ref: "mail")
        router.open("news://article/abc")  // false: "abc" is not an Int
        let headline = try mediator.perform(HeadlineRequest(id: 7))  // "Headline 7"

        #expect(link == "news://article/7?ref=mail")
        #expect(article?.id == 7 && article?.ref == "mail")
        #expect(router.open("news://article/abc") == false)
        #expect(headline == "Headline 7")
        #expect(router.object(for: link) as? String == "article 7 via mail")
    }
}
