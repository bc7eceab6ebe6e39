// swift-tools-version: 6.1
import PackageDescription

// A provider outside Viewfinder's repository: Lorem Picsum (https://picsum.photos), in a package
// of its own that depends on Viewfinder, builds its own `viewfinder-picsum` with the provider
// added, and runs Viewfinder's conformance suite against a fake Picsum of its own.
let package = Package(
    name: "ExternalProvider",
    dependencies: [
        // A released provider names Viewfinder's repository and a version here instead.
        .package(name: "Viewfinder", path: "../..")
    ],
    targets: [
        .target(
            name: "PicsumProvider",
            dependencies: [.product(name: "ProviderKit", package: "Viewfinder")]
        ),
        .executableTarget(
            name: "viewfinder-picsum",
            dependencies: [
                "PicsumProvider",
                .product(name: "ViewfinderCommandLine", package: "Viewfinder"),
            ]
        ),
        .testTarget(
            name: "PicsumProviderTests",
            dependencies: [
                "PicsumProvider",
                .product(name: "ProviderKit", package: "Viewfinder"),
                .product(name: "ProviderTesting", package: "Viewfinder"),
            ],
            resources: [.copy("picsum_server.py")]
        ),
    ]
)
