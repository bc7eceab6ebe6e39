// swift-tools-version: 6.1
import PackageDescription

// Viewfinder is built and tested on Linux only: the folder walk, the plugin runner and the
// terminal code use Glibc and Linux system calls, and no Apple platform is ever built here.
#if !os(Linux)
    #error("Viewfinder builds on Linux only; see README.md.")
#endif

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// The web providers and `exec`: release builds optimized for size (`-Osize`). Their time goes to
/// the network and the plugin, not to their own code, which no benchmark times, and the
/// installed package must stay within 80 MB (docs/ARCHITECTURE.md, "Start-up and size").
let sizeSettings: [SwiftSetting] = strictSettings + [.unsafeFlags(["-Osize"], .when(configuration: .release))]

let package = Package(
    name: "Viewfinder",
    products: [
        .executable(name: "viewfinder", targets: ["viewfinder"]),
        .library(name: "ViewfinderCommandLine", targets: ["ViewfinderCommandLine"]),
        .library(name: "ProviderKit", targets: ["ProviderKit"]),
        .library(name: "ServiceBus", targets: ["ServiceBus"]),
        .library(name: "SearchViewModel", targets: ["SearchViewModel"]),
        .library(name: "ProviderTesting", targets: ["ProviderTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        // Without its default `ConfigurationSupport` trait: swift-configuration, which nothing here
        // uses, was 0.4 MB of the binary's code.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: ["FullFoundation"]),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        // Core
        // One way for the C shims below to load their library with dlopen on first use.
        .target(name: "CLibraryLoader", path: "Sources/CLibraryLoader"),
        // libcurl, loaded when first needed (dlopen); its headers come from libcurl4-openssl-dev.
        .target(name: "CCurl", dependencies: ["CLibraryLoader"], path: "Sources/CCurl"),
        // libyaml's event parser, loaded with dlopen (see its header).
        .target(name: "CYAMLEvents", dependencies: ["CLibraryLoader"], path: "Sources/CYAMLEvents"),
        // ncursesw for `browse`, loaded with dlopen when the screen starts (see its header).
        .target(name: "CCurses", dependencies: ["CLibraryLoader"], path: "Sources/CCurses"),
        // The plugin supervisor, run by re-executing the binary itself (see its header).
        .target(name: "CPluginSupervisor", path: "Sources/CPluginSupervisor"),
        // libcrypto's SHA-256, loaded with dlopen on first use (see its header; libssl-dev's headers).
        .target(name: "CCrypto", dependencies: ["CLibraryLoader"], path: "Sources/CCrypto"),
        // The start-up data a command writes, made present at once (see its header).
        .target(name: "CStartUp", path: "Sources/CStartUp"),
        // SQLite for GRDB, loaded with dlopen when the download archive opens (see its header;
        // libsqlite3-dev's headers).
        .target(name: "CSQLite", dependencies: ["CLibraryLoader"], path: "Sources/CSQLite"),
        // libxxhash's XXH3-128, loaded with dlopen on first use (see its header; libxxhash-dev's headers).
        .target(name: "CXXHash", dependencies: ["CLibraryLoader"], path: "Sources/CXXHash"),
        // Linux calls Swift's Glibc module does not show (sync_file_range); header only.
        .systemLibrary(name: "CLinux", path: "Sources/CLinux"),
        .target(
            name: "ProviderKit",
            dependencies: ["CCurl", "CCrypto", "CXXHash", "CLinux", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strictSettings
        ),
        .target(
            name: "ServiceBus",
            dependencies: ["ProviderKit", "Yams", "CYAMLEvents"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "SearchViewModel",
            dependencies: ["ProviderKit", "ServiceBus", "Places"],
            swiftSettings: strictSettings
        ),
        // The web view: the gallery page and the `serve` front, on the same view-model.
        .target(
            name: "WebView",
            dependencies: [
                "ProviderKit", "ServiceBus", "SearchViewModel",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [.copy("Resources")],
            swiftSettings: strictSettings
        ),
        // The offline gazetteer: place names for positions (GeoNames, built by scripts/build-places.py).
        .target(
            name: "Places",
            dependencies: ["ProviderKit", "CLinux"],
            resources: [.copy("Resources")],
            swiftSettings: strictSettings
        ),
        // The terminal view: `browse`'s screen as a value, rendered to cells, drawn by ncurses.
        .target(
            name: "TerminalView",
            dependencies: ["ProviderKit", "SearchViewModel", "CCurses"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "Downloads",
            dependencies: [
                "ProviderKit", "ServiceBus", "CLinux", "CSQLite", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        // Pictures in the terminal: chafa (LGPL) and the image decoders (libheif LGPL), all loaded
        // with dlopen when a picture is first drawn (see their headers).
        .target(name: "CChafa", dependencies: ["CLibraryLoader"], path: "Sources/CChafa"),
        .target(name: "CImageCodecs", dependencies: ["CLibraryLoader"], path: "Sources/CImageCodecs"),
        .target(
            name: "TerminalImages",
            dependencies: ["ProviderKit", "CChafa", "CImageCodecs"],
            swiftSettings: strictSettings
        ),
        // The command line as a library: `ViewfinderCommandLine.main(adding:)` runs it, with provider
        // types of another package added (see Examples/ExternalProvider).
        .target(
            name: "ViewfinderCommandLine",
            dependencies: [
                "ProviderKit", "ServiceBus", "SearchViewModel", "WebView", "Downloads", "CLinux", "CStartUp", "Places",
                "TerminalView", "TerminalImages",
                "LocalFolderProvider", "FlickrProvider", "FiveHundredPxProvider", "ExecProvider", "OpenverseProvider",
                "CommonsProvider",
                "UnsplashProvider",
                "PexelsProvider",
                "PixabayProvider",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),

        .executableTarget(
            name: "viewfinder",
            dependencies: ["ViewfinderCommandLine"],
            swiftSettings: strictSettings,
            linkerSettings: [
                // The release binary exports none of its 30,000 symbols: nothing looks them up, and
                // glibc's `dladdr`, which the Swift runtime calls at start-up, walks them all (half
                // a millisecond of every command). Still position-independent, for ASLR.
                .unsafeFlags(["-Xlinker", "--no-export-dynamic"], .when(configuration: .release)),
                // Its 137,000 relative relocations packed (DT_RELR, glibc 2.36): 2.8 MB of table
                // become 0.05 MB, which the loader applies faster. Gold cannot pack them; lld
                // (in the Swift toolchain) can, and keeps Swift's retained metadata sections.
                .unsafeFlags(
                    ["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"],
                    .when(configuration: .release)),
                // Identical functions whose address is never taken folded into one (29 KB, the C
                // objects': Swift's carry no address-significance table, so lld folds none of them).
                .unsafeFlags(["-Xlinker", "--icf=safe"], .when(configuration: .release)),
                // libstdc++ and libgcc's unwinder linked in, not loaded: the loader bound
                // libstdc++.so's 3,300 symbol references by name at every start (0.9 ms of a 6.8 ms
                // local search). The Makefile puts a link to the toolchain's libstdc++.a alone in this
                // folder, searched before the system's (which also holds libstdc++.so); without the
                // folder the link falls back to the shared library. GCC's Runtime Library Exception
                // allows it whatever the program's licence.
                .unsafeFlags(
                    ["-L", "\(Context.packageDirectory)/.build/static-libstdc++", "-Xclang-linker", "-static-libgcc"],
                    .when(configuration: .release)),
                // The functions a search and `--version` run, in the order they first run, laid
                // out together (scripts/start-up-order.sh writes the list): start-up touches fewer
                // pages of code. A name the code no longer has is skipped.
                .unsafeFlags(
                    [
                        "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/scripts/start-up-order.txt",
                        "-Xlinker", "--no-warn-symbol-ordering",
                    ], .when(configuration: .release)),
            ]
        ),

        // Providers
        .target(
            name: "LocalFolderProvider",
            dependencies: ["ProviderKit", "Places", "CLinux", .product(name: "Logging", package: "swift-log")],
            path: "Providers/LocalFolder",
            swiftSettings: strictSettings
        ),

        .target(
            name: "FlickrProvider",
            dependencies: ["ProviderKit"],
            path: "Providers/Flickr",
            swiftSettings: sizeSettings
        ),

        .target(
            name: "FiveHundredPxProvider",
            dependencies: ["ProviderKit"],
            path: "Providers/FiveHundredPx",
            swiftSettings: sizeSettings
        ),

        .target(
            name: "ExecProvider",
            dependencies: ["ProviderKit", "CPluginSupervisor", .product(name: "Logging", package: "swift-log")],
            path: "Providers/Exec",
            swiftSettings: sizeSettings
        ),

        .target(
            name: "OpenverseProvider",
            dependencies: ["ProviderKit"],
            path: "Providers/Openverse",
            swiftSettings: sizeSettings
        ),
        .target(
            name: "PexelsProvider", dependencies: ["ProviderKit"], path: "Providers/Pexels",
            swiftSettings: sizeSettings),

        .target(
            name: "CommonsProvider",
            dependencies: ["ProviderKit", .product(name: "Logging", package: "swift-log")],
            path: "Providers/Commons",
            swiftSettings: sizeSettings
        ),
        .target(
            name: "UnsplashProvider",
            dependencies: ["ProviderKit", .product(name: "Logging", package: "swift-log")],
            path: "Providers/Unsplash",
            swiftSettings: sizeSettings
        ),

        .target(
            name: "PixabayProvider",
            dependencies: ["ProviderKit"],
            path: "Providers/Pixabay",
            swiftSettings: sizeSettings
        ),

        // Shared test support: the conformance suite every provider runs, a loopback server, a seeded generator.
        .target(
            name: "ProviderTesting",
            dependencies: ["ProviderKit", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strictSettings
        ),

        // Benchmarks (run with `swift run -c release viewfinder-benchmarks`)
        .executableTarget(
            name: "viewfinder-benchmarks",
            dependencies: [
                "ProviderKit", "ServiceBus", "SearchViewModel", "ProviderTesting", "Places", "TerminalImages",
                "TerminalView",
            ],
            path: "Benchmarks/ViewfinderBenchmarks",
            swiftSettings: strictSettings
        ),

        // Tests
        .testTarget(
            name: "ProviderKitTests",
            dependencies: [
                "ProviderKit", "ProviderTesting", "CLibraryLoader", .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PlacesTests",
            dependencies: ["Places", "ProviderKit", "ProviderTesting"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ServiceBusTests",
            dependencies: [
                "ServiceBus", "ProviderKit", "ProviderTesting", "Yams", .product(name: "Logging", package: "swift-log"),
                // Every built-in provider's options, decoded by both YAML decoders (OptionsDecoderTests).
                "LocalFolderProvider", "FlickrProvider", "FiveHundredPxProvider", "OpenverseProvider",
                "CommonsProvider", "UnsplashProvider", "PexelsProvider", "PixabayProvider", "ExecProvider",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SearchViewModelTests",
            dependencies: ["SearchViewModel", "ServiceBus", "ProviderKit", "ProviderTesting"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "LocalFolderProviderTests",
            dependencies: ["LocalFolderProvider", "ProviderTesting", "ProviderKit"],
            exclude: ["Corpus"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FlickrProviderTests",
            dependencies: [
                "FlickrProvider", "ProviderTesting", "ProviderKit", .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FiveHundredPxProviderTests",
            dependencies: ["FiveHundredPxProvider", "ProviderTesting", "ProviderKit"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ExecProviderTests",
            dependencies: ["ExecProvider", "ProviderTesting", "ProviderKit"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "OpenverseProviderTests",
            dependencies: ["OpenverseProvider", "ProviderTesting", "ProviderKit", "FlickrProvider", "SearchViewModel"],
            exclude: ["openverse_server.py"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "CommonsProviderTests",
            dependencies: ["CommonsProvider", "ProviderTesting", "ProviderKit", "SearchViewModel"],
            exclude: ["commons_server.py"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "UnsplashProviderTests",
            dependencies: ["UnsplashProvider", "ProviderTesting", "ProviderKit"],
            exclude: ["unsplash_server.py"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PexelsProviderTests",
            dependencies: ["PexelsProvider", "ProviderTesting", "ProviderKit"],
            exclude: ["pexels_server.py"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PixabayProviderTests",
            dependencies: ["PixabayProvider", "ProviderTesting", "ProviderKit"],
            exclude: ["pixabay_server.py"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "WebViewTests",
            dependencies: [
                "WebView", "SearchViewModel", "ServiceBus", "ProviderKit", "LocalFolderProvider", "ProviderTesting",
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "DownloadsTests",
            // LocalFolderProvider: its sidecar reader is tested against every name the writer makes.
            dependencies: [
                "Downloads", "CSQLite", "ProviderKit", "ServiceBus", "ProviderTesting", "LocalFolderProvider",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            exclude: ["download_server.py"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "TerminalImagesTests",
            dependencies: ["TerminalImages", "ProviderKit"],
            exclude: ["chafa_in_terminal.py", "Fixtures"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "TerminalViewTests",
            dependencies: ["TerminalView", "SearchViewModel", "ProviderKit"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ViewfinderTests",
            dependencies: ["ViewfinderCommandLine", "ProviderTesting", "ProviderKit", "TerminalView"],
            swiftSettings: strictSettings
        ),
    ]
)
