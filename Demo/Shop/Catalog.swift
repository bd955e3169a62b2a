/// A tiny product catalog: three named items, and a generated one for any other id.
enum Catalog {
    struct Item: Sendable {
        var id: Int
        var name: String
        var price: String
    }

    private static let named: [Int: (String, String)] = [
        1: ("Mug", "6.00 EUR"), 7: ("Teapot", "24.00 EUR"), 42: ("Espresso cup", "9.50 EUR"),
    ]

    static func item(_ id: Int) -> Item {
        if let (name, price) = named[id] { return Item(id: id, name: name, price: price) }
        let cents = 100 + abs(id % 9_900)
        return Item(
            id: id, name: "Article \(id)", price: "\(cents / 100).\(cents % 100 < 10 ? "0" : "")\(cents % 100) EUR")
    }
}

/// The item screen the Shop hands out through `shop://item/:id/view` and the mediator.
public struct ShopItemView: Sendable {
    public let id: Int
    public let title: String
    public let price: String
    /// Where the link came from (`?ref=`), if it said.
    public let referrer: String?

    init(item: Catalog.Item, referrer: String?) {
        id = item.id
        title = item.name
        price = item.price
        self.referrer = referrer
    }
}
