// swift-tools-version: 6.0
import PackageDescription

// Benchmarks for URLRouter, side by side with vapor/routing-kit and a Dictionary lookup.
// A separate package so that the library itself stays dependency-free.
//
//     swift build -c release --package-path Benchmarks
//     Benchmarks/.build/release/url-router-bench            # full run
//     Benchmarks/.build/release/url-router-bench --quick    # smoke run, well under a minute
let package = Package(
    name: "URLRouterBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "URLRouter", path: ".."),
        .package(url: "https://github.com/vapor/routing-kit.git", exact: "4.9.3"),
    ],
    targets: [
        // Counts this thread's malloc calls by wrapping glibc's allocator (Linux only).
        .target(name: "AllocationCounter", path: "Sources/AllocationCounter"),
        .executableTarget(
            name: "url-router-bench",
            dependencies: [
                "AllocationCounter",
                .product(name: "URLRouter", package: "URLRouter"),
                .product(name: "RoutingKit", package: "routing-kit"),
            ],
            path: "Sources/url-router-bench"
        ),
    ],
    swiftLanguageModes: [.v6]
)
