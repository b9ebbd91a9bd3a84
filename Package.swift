// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Flourish",
    products: [
        .library(name: "FlourishCore", targets: ["FlourishCore"]),
        .executable(name: "flourish", targets: ["flourish"]),
    ],
    targets: [
        .target(name: "FlourishCore"),
        .executableTarget(name: "flourish", dependencies: ["FlourishCore"]),
        // Writes synthetic ledgers for Benchmarks/run; not part of the product.
        .executableTarget(name: "generate-ledger", dependencies: ["FlourishCore"]),
        .testTarget(
            name: "FlourishCoreTests",
            dependencies: ["FlourishCore"],
            // Fixtures, the Node and Emacs Lisp drivers of the editor tests, the browser driver of serve.
            exclude: ["Fixtures", "Support/vscode", "Support/emacs", "Support/serve", "Support/pages"]
        ),
    ]
)
