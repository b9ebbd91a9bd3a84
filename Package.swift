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
        .testTarget(
            name: "FlourishCoreTests",
            dependencies: ["FlourishCore"],
            exclude: ["Fixtures"]
        ),
    ]
)
