// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "URLRouter",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "URLRouter", targets: ["URLRouter"]),
        .executable(name: "deeplink", targets: ["DeepLinkApp"]),
    ],
    targets: [
        .target(name: "URLRouter", path: "Sources/URLRouter"),
        .testTarget(name: "URLRouterTests", dependencies: ["URLRouter"], path: "Tests/URLRouterTests"),
        // The README's Swift snippets, verbatim, run (.ci/check-snippets keeps them in step).
        .testTarget(name: "ReadmeTests", dependencies: ["URLRouter"], path: "Tests/ReadmeTests"),
        // The documentation's Swift examples, verbatim, run: the articles' and the doc comments' on public
        // API (.ci/check-snippets keeps them in step; internal types' are in URLRouterTests).
        .testTarget(name: "DocSnippetTests", dependencies: ["URLRouter"], path: "Tests/DocSnippetTests"),

        // The Demo: a modular app's deep-link handler. Each module depends only on URLRouter. Their
        // names start with "Demo", so that they never clash with a target of a package using URLRouter.
        .target(name: "DemoShop", dependencies: ["URLRouter"], path: "Demo/Shop"),
        .target(name: "DemoAccount", dependencies: ["URLRouter"], path: "Demo/Account"),
        .target(name: "DemoSettings", dependencies: ["URLRouter"], path: "Demo/Settings"),
        .executableTarget(
            name: "DeepLinkApp",
            dependencies: ["URLRouter", "DemoShop", "DemoAccount", "DemoSettings"],
            path: "Demo/App"
        ),
        .testTarget(name: "DemoTests", dependencies: ["DeepLinkApp"], path: "Tests/DemoTests"),
    ],
    swiftLanguageModes: [.v6]
)
