// swift-tools-version:6.1
// departure-board: a departure board display driver for LED, OLED, e-paper, HUB75, TFT and framebuffer signage on Linux.
import PackageDescription

/// How release builds link the binary users get (`swift build -c release`, the package, the
/// installer), measured in Sources/README.md "Memory figures":
/// - Swift's libraries linked in, so nothing is loaded from the toolchain at run time and only
///   the pages the sign touches are resident; the C++ library the runtime needs too, through
///   the linker script in deploy/link;
/// - lld with packed relative relocations (glibc ≥ 2.36 reads DT_RELR), so a PIE starts
///   without rewriting megabytes of relocations;
/// - no exported symbol table, which the dynamic loader would search (and page in) for every
///   symbol it binds; every symbol bound at start-up (`-z now`): a read-only GOT;
/// - the functions a sign runs laid out first (deploy/link/hot-functions.txt; the server
///   program's: hot-functions-web.txt).
func shippedBinaryLinkFlags(hotFunctions: String) -> [String] {
    [
        "-static-stdlib", "-use-ld=lld",
        "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
        "-Xlinker", "--no-export-dynamic",
        "-Xlinker", "-z", "-Xlinker", "now",
        "-L\(Context.packageDirectory)/deploy/link",
        "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/deploy/link/\(hotFunctions)",
        "-Xlinker", "--no-warn-symbol-ordering",
    ]
}

let package = Package(
    name: "departure-board",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "departure-board", targets: ["departure-board"]),
        // The HTTP server (a sign's status page, the hub), started by departure-board when needed.
        .executable(name: "departure-board-web", targets: ["departure-board-web"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        // Tests only: GTFSFeedBuilder writes test zips with it, an independent oracle for ZipReader.
        .package(url: "https://github.com/weichsel/ZIPFoundation", exact: "0.9.20"),
        // No traits: the default BinaryDelimitedStreams imports full Foundation (its streams) and,
        // with it, CoreFoundation and ICU into the sign; we decode whole messages only.
        .package(url: "https://github.com/apple/swift-protobuf", exact: "1.39.0", traits: []),
        // The status endpoint and the departures hub. No traits: the default ones pull in full
        // Foundation (ICU) and swift-configuration, which the sign does not need.
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1", traits: []),
        .package(url: "https://github.com/swift-server/swift-prometheus", exact: "2.4.1"),
        .package(url: "https://github.com/apple/swift-nio", exact: "2.101.3"),
        .package(url: "https://github.com/apple/swift-http-types", exact: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
    ],
    targets: [
        // C libraries, reached through system-library targets (module map + shim header only).
        .systemLibrary(name: "CGPIOD", pkgConfig: "libgpiod", providers: [.apt(["libgpiod-dev"])]),
        // One requested GPIO line over libgpiod 1.x or 2.x, whichever gpiod.h it is compiled against.
        .target(name: "GPIOLine", dependencies: ["CGPIOD"]),
        .systemLibrary(name: "CI2C", providers: [.apt(["libi2c-dev"])]),
        // The Linux device floor: device nodes, I2C (SMBus and plain), spidev and GPIO lines, one
        // DeviceError carrying errno; what panels, light sensors and buttons open devices through.
        .target(name: "LinuxDevices", dependencies: ["GPIOLine", "CI2C", "CKernel", "SystemFiles"]),
        // Not "CZlib": ZIPFoundation ships a module of that name, and clang module names are global.
        .systemLibrary(name: "CZlibSystem", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        // Linux UAPI headers (spidev, fbdev, eventfd) and wrappers for the ioctl macros Swift cannot import.
        .systemLibrary(name: "CKernel"),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // The on-demand loaders' table, resolve and failure macros, written once: a header only
        // (a C target's include/ is on its dependents' search path; nothing is compiled or linked).
        .target(name: "CLoaderSupport"),

        // SQLite through a small wrapper of our own: connections, statements, transactions.
        // (GRDB imports full Foundation; the sign must not link it.)
        .target(name: "SQLite", dependencies: ["Locking", "CSQLite"]),
        // The project's one lock (a pthread mutex ThreadSanitizer can see); no dependencies.
        .target(name: "Locking"),
        // The one doubling backoff every retry loop waits by; no dependencies.
        .target(name: "Retry"),
        // Bounded whole-file reads for everything the program takes from outside.
        .target(name: "SystemFiles", dependencies: ["Locking", "CKernel"]),
        // IANA zones from the OS tzdata (TZif), so no ICU is needed for named zones.
        .target(name: "ZoneInfo", dependencies: ["SystemFiles"]),
        // OpenSSL 3 reached with dlopen on the first https request: typed by OpenSSL's headers
        // (libssl-dev, at build time only), never linked.
        .target(name: "CTLSLoader", dependencies: ["CLoaderSupport"]),
        // libxml2's streaming reader for SIRI's XML, reached with dlopen on the first XML answer:
        // typed by libxml2's headers (libxml2-dev, at build time only; Debian keeps them in
        // /usr/include/libxml2), never linked, so boards of other kinds never map it.
        .target(name: "CXMLLoader", dependencies: ["CLoaderSupport"], cSettings: [.unsafeFlags(["-I/usr/include/libxml2"])]),
        // HarfBuzz and FriBidi for text shaping, reached with dlopen on the first text that needs
        // them (right-to-left, joining, combining marks): typed by their headers
        // (libharfbuzz-dev, libfribidi-dev at build time), never linked.
        .target(
            name: "CShapingLoader", dependencies: ["CLoaderSupport"],
            cSettings: [.unsafeFlags(["-I/usr/include/harfbuzz", "-I/usr/include/fribidi", "-I/usr/include/freetype2"])]),
        // FreeType for TrueType, OpenType and PCF fonts, reached with dlopen by the first such font:
        // typed by its headers (libfreetype-dev at build time), never linked, so a board in the
        // bundled BDF fonts never maps it (nor libpng and brotli, which it brings).
        .target(name: "CFreeTypeLoader", dependencies: ["CLoaderSupport"], cSettings: [.unsafeFlags(["-I/usr/include/freetype2"])]),
        // ALSA's PCM playback for a board's voice, reached with dlopen the first time it speaks:
        // typed by ALSA's header (libasound2-dev at build time), never linked.
        .target(name: "CSoundLoader", dependencies: ["CLoaderSupport"]),
        // Blocking playback of 16-bit mono sound through ALSA (the board's voice).
        .target(name: "SoundPlayback", dependencies: ["CSoundLoader"]),
        // espeak-ng for speech, reached with dlopen on the first text spoken: typed by its header
        // (libespeak-ng-dev at build time), never linked, so a sign that never speaks never maps it.
        .target(name: "CSpeechLoader", dependencies: ["CLoaderSupport"]),
        // HTTP/1.1 GET over POSIX sockets with millisecond timeouts, a body cap and gzip/deflate.
        .target(name: "HTTPFetch", dependencies: ["Locking", "CTLSLoader", "CZlibSystem", "CKernel", "SystemFiles"]),
        // JSONPath queries (RFC 9535's names, indexes, wildcards and descendants) over any JSON tree.
        .target(name: "JSONPath", dependencies: ["SystemFiles"]),
        // The departures core: model, time rules, file and demo sources, use case, board view model. No C library.
        .target(name: "DeparturesCore", dependencies: ["Locking", "Retry", "ZoneInfo", "SystemFiles", "JSONPath"]),
        // The feeds' kit: what every source kind over HTTP does alike (its URL and query, the key's
        // place, the conditional request, the order a failed answer is told in).
        .target(
            name: "FeedKit", dependencies: ["DeparturesCore", "HTTPFetch", "Locking", .product(name: "Logging", package: "swift-log")]),
        // `kind: api`: the project's own departures API (a hub serves it).
        .target(
            name: "APISource", dependencies: ["DeparturesCore", "HTTPFetch", "FeedKit", .product(name: "Logging", package: "swift-log")]),
        // `kind: onebusaway`: a OneBusAway server's arrivals and departures for a stop.
        .target(
            name: "OneBusAwaySource",
            dependencies: ["DeparturesCore", "HTTPFetch", "FeedKit", .product(name: "Logging", package: "swift-log")]),
        // `kind: siri`: SIRI StopMonitoring, in XML (libxml2's reader) or SIRI Lite JSON.
        .target(
            name: "SIRISource",
            dependencies: [
                "DeparturesCore", "HTTPFetch", "FeedKit", "SystemFiles", "CXMLLoader", "Locking",
                .product(name: "Logging", package: "swift-log"),
            ]),
        // `kind: json`: any JSON API, its request and its rows declared in the board file.
        .target(
            name: "JSONMapSource",
            dependencies: [
                "DeparturesCore", "HTTPFetch", "FeedKit", "SystemFiles", "JSONPath",
                .product(name: "Logging", package: "swift-log"),
            ]),
        // Zip archives read as streams (stored, deflate through zlib, ZIP64), with caps against hostile ones.
        .target(name: "ZipReader", dependencies: ["CZlibSystem"]),
        // RFC 4180 CSV read row by row from any byte stream, with a bounded buffer.
        .target(name: "CSVStream"),
        // GTFS static feeds: streaming import of the board's stops into SQLite, scheduled departures.
        .target(
            name: "GTFSSchedule",
            dependencies: [
                "ZoneInfo", "DeparturesCore", "SQLite", "ZipReader", "CSVStream", "SystemFiles",
            ]),
        // GTFS-Realtime TripUpdates: conditional-GET fetcher and the applier onto scheduled departures.
        // Generated/gtfs-realtime.pb.swift is committed (see Generated/README.md); nothing runs protoc at build time.
        .target(
            name: "GTFSRealtime",
            dependencies: [
                "HTTPFetch", "FeedKit", "DeparturesCore", "ZoneInfo", "GTFSSchedule",
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ],
            exclude: ["Generated/gtfs-realtime.proto", "Generated/README.md"]
        ),
        // A board source over the GTFS store and GTFS-Realtime: the timetable, corrected live.
        .target(
            name: "GTFSSource",
            dependencies: [
                "Locking", "Retry", "FeedKit",
                "DeparturesCore", "GTFSSchedule", "GTFSRealtime", "ZoneInfo", "HTTPFetch", "SystemFiles",
                .product(name: "Logging", package: "swift-log"),
            ]),
        // Pixels in each panel's own format, and the damage between two frames.
        .target(name: "Framebuffer"),
        // Hardware facts as data: one table row per panel model (formats, sizes, wiring, contrast, red ink).
        .target(name: "PanelCatalog", dependencies: ["Framebuffer"]),
        // YAML text → a tree of located nodes, over libyaml's event parser (no Foundation).
        .target(name: "YAMLTree", dependencies: ["CYAML"]),
        // Board files: YAML parsing, defaults, validation with file:line:column errors.
        // HTTPFetch for its proxy URLs: a board's `proxy:` is checked by the parser requests use.
        // DeparturesCore for `kind: json`'s mapping, plain data the feed reads answers by; no feed.
        .target(
            name: "BoardConfig",
            dependencies: [
                "SystemFiles", "Framebuffer", "PanelCatalog", "YAMLTree", "HTTPFetch", "ZoneInfo",
                "JSONPath", "DeparturesCore",
            ]),
        // Fonts (BDF, FreeType), drawing primitives and the layout engine: board state → pixels.
        .target(
            name: "BoardRender",
            dependencies: [
                "Locking", "Framebuffer", "DeparturesCore", "ZoneInfo", "CFreeTypeLoader", "SystemFiles",
                "CShapingLoader",
            ]),
        // Where frames go: image files, the terminal, /dev/fbN, and panel drivers on I2C/SPI/GPIO or a trace.
        .target(
            name: "DisplayBackends",
            dependencies: ["Locking", "Retry", "Framebuffer", "PanelCatalog", "CZlibSystem", "SystemFiles", "LinuxDevices", "CKernel"]),
        // Ambient light sensors on I2C (VEML7700, TSL2591, BH1750): one driver per model over a
        // register-bus seam (libi2c's SMBus calls on hardware).
        .target(name: "AmbientLight", dependencies: ["LinuxDevices"]),
        // The running board: coordinator (redraw on change only), signals, logging.
        .target(
            name: "BoardRuntime",
            dependencies: [
                "Locking",
                "DeparturesCore", "BoardRender", "DisplayBackends", "Framebuffer", "ZoneInfo", "LinuxDevices", "SystemFiles",
                "SoundPlayback", "AmbientLight",
                .product(name: "Logging", package: "swift-log"),
            ]),
        // What both programs share and nothing of departures: the version line (with the commit
        // it was built from) and the journal's log format.
        .target(
            name: "ProgramSupport",
            dependencies: [
                "SystemFiles", .product(name: "Logging", package: "swift-log"),
            ], plugins: ["BuildCommit"]),
        // Source assembly: a board file and its zone turned into a departures source (any kind),
        // with the checks, imports and searches around sources. What the hub shares with the
        // sign, without the display stack.
        .target(
            name: "SourceAssembly",
            dependencies: [
                "BoardConfig", "DeparturesCore", "FeedKit", "APISource", "OneBusAwaySource", "SIRISource", "JSONMapSource", "JSONPath",
                "GTFSSchedule", "GTFSRealtime",
                "GTFSSource", "ZoneInfo", "HTTPFetch", "SystemFiles",
                .product(name: "Logging", package: "swift-log"),
            ]),
        // Board assembly: one call turns a board file into a running board (source, view model,
        // renderer, backend); the command line, tests and any other front end use it.
        .target(
            name: "BoardAssembly",
            dependencies: [
                "Locking", "BoardConfig", "SourceAssembly", "ProgramSupport", "DeparturesCore",
                "ZoneInfo", "HTTPFetch", "BoardRender", "Framebuffer", "DisplayBackends", "BoardRuntime", "PanelCatalog",
                "SystemFiles", "StatusEndpoint", "StatusLink", "AmbientLight",
                // A board's voice: its words and the synthesiser's request (`say`, a speaking sign).
                "Announcements", "SpeechOutput", "SoundPlayback",
                .product(name: "Logging", package: "swift-log"),
            ]),
        // `departure-board bench`: frame, refresh, process, import and answer-reading figures,
        // over BoardAssembly and kept out of it, so the library carries no measurement code.
        .target(
            name: "BoardBench",
            dependencies: [
                "BoardAssembly", "SourceAssembly", "BoardConfig", "BoardRender", "BoardRuntime", "DeparturesCore", "DisplayBackends",
                "Framebuffer", "PanelCatalog", "ZoneInfo", "SystemFiles", "CKernel",
                // `--siri-answer` and `--json-answer` read answers as the sources do.
                "SIRISource", "JSONMapSource",
                .product(name: "Logging", package: "swift-log"),
            ]),
        // Requests, responses and metric samples as plain values: what the sign answers its
        // status server with, and what WebServer serves. No server library.
        .target(name: "WebMessages", dependencies: ["SystemFiles"]),
        // The sign and its status server process: the wire messages, and the sign's side that
        // starts the server, answers its requests and restarts it with backoff.
        .target(
            name: "StatusLink",
            dependencies: [
                "Locking", "Retry",
                "WebMessages", "SystemFiles", "CKernel", .product(name: "Logging", package: "swift-log"),
            ]),
        // HTTP serving shared by the sign's status endpoint and the departures hub (Hummingbird):
        // listen addresses, access tokens, request limits, Prometheus exposition.
        .target(
            name: "WebServer",
            dependencies: [
                "Locking",
                "SystemFiles", "WebMessages", "ZoneInfo",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // The sign's status endpoint: page, frame, JSON and metric samples from the draw loop's
        // latest health, answered in the sign's process for its server's requests.
        .target(
            name: "StatusEndpoint",
            dependencies: [
                "BoardRuntime", "DeparturesCore", "DisplayBackends", "Framebuffer", "SystemFiles", "WebMessages", "ZoneInfo",
            ]),
        // The departures hub: one poller per stop over any source, the last good answer served
        // with ETag and Cache-Control to many signs (and the caches in front of them).
        .target(
            name: "DeparturesHub",
            dependencies: [
                "Locking",
                "DeparturesCore", "ZoneInfo", "WebServer", "WebMessages", "SystemFiles",
                .product(name: "Logging", package: "swift-log"),
            ]),
        // The server program's assembly: the hub from a hub file, the status server on its link.
        .target(
            name: "ServerAssembly",
            dependencies: [
                "Locking",
                "SourceAssembly", "BoardConfig", "DeparturesCore", "DeparturesHub", "HTTPFetch", "StatusLink", "SystemFiles",
                "WebMessages", "WebServer", "ZoneInfo",
                .product(name: "Logging", package: "swift-log"),
            ]),
        // Speech as samples and WAV files, and the espeak-ng synthesiser (serialised: its state is global).
        .target(name: "SpeechOutput", dependencies: ["Locking", "CSpeechLoader"]),
        // A board's rows at an instant in words, per language: what its voice says.
        .target(name: "Announcements", dependencies: ["DeparturesCore"]),
        // The command-line tool: argument parsing and output over BoardAssembly.
        .executableTarget(
            name: "departure-board",
            dependencies: [
                "BoardAssembly", "BoardBench", "SourceAssembly", "ProgramSupport", "BoardConfig", "BoardRender", "BoardRuntime",
                "CKernel", "DeparturesCore", "DisplayBackends", "Framebuffer", "GTFSSchedule", "HTTPFetch", "StatusLink", "SystemFiles",
                "ZoneInfo",
                "Announcements", "SpeechOutput", "SoundPlayback",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: [
                .unsafeFlags(
                    shippedBinaryLinkFlags(hotFunctions: "hot-functions.txt"),
                    .when(platforms: [.linux], configuration: .release))
            ]
        ),
        // The HTTP server program: `status` (a sign's page, fed over its link) and `hub`.
        .executableTarget(
            name: "departure-board-web",
            dependencies: [
                "ServerAssembly", "SourceAssembly", "ProgramSupport", "CKernel", "HTTPFetch", "StatusLink", "SystemFiles",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: [
                .unsafeFlags(
                    shippedBinaryLinkFlags(hotFunctions: "hot-functions-web.txt"),
                    .when(platforms: [.linux], configuration: .release))
            ]
        ),

        // Writes the source commit into ProgramSupport before each build (`--version`, status page).
        .plugin(name: "BuildCommit", capability: .buildTool()),

        // Test support: waits without wall-clock deadlines, and product deadlines stretched under sanitizers.
        .target(name: "TestTiming", path: "Tests/Support/TestTiming"),
        // Test support: a real HTTP server on 127.0.0.1.
        .target(name: "LoopbackHTTPServer", dependencies: ["Locking"], path: "Tests/Support/LoopbackHTTPServer"),
        // Test support: writes synthetic GTFS feeds (small fixtures and million-row stop_times) as zips.
        .target(
            name: "GTFSFeedBuilder", dependencies: ["CZlibSystem", .product(name: "ZIPFoundation", package: "ZIPFoundation")],
            path: "Tests/Support/GTFSFeedBuilder"),
        // Import timing and peak memory on a generated feed: `swift run -c release gtfs-import-bench [rows]`.
        .executableTarget(
            name: "gtfs-import-bench", dependencies: ["GTFSSchedule", "GTFSFeedBuilder", "SystemFiles"],
            path: "Tests/Bench/GTFSImportBench"),
        // Test support: a log handler that keeps lines, to check what an operator would read.
        .target(
            name: "LogCapture", dependencies: ["Locking", .product(name: "Logging", package: "swift-log")],
            path: "Tests/Support/LogCapture"),
        // Test support: a seedable random generator for mutation tests.
        .target(name: "SeededRandom", path: "Tests/Support/SeededRandom"),
        // Test support: the checkout's root, found from where the tests were built, for tests that
        // read its boards and fonts or run its scripts.
        .target(name: "TestPaths", path: "Tests/Support/TestPaths"),
        // Test support: the panel emulators (test oracles), the trace reader, a recording and a
        // fault-injecting bus; kept out of DisplayBackends so none of it ships in the binary.
        .target(
            name: "PanelTestSupport", dependencies: ["DisplayBackends", "Framebuffer", "TestPaths"],
            path: "Tests/Support/PanelTestSupport"),

        // Fuzz targets (Tests/Fuzz): corpus replayers in a normal build, libFuzzer targets when
        // Tests/Fuzz/run-fuzzers.sh builds them with -D FUZZING -sanitize=fuzzer.
        .target(name: "FuzzSupport", path: "Tests/Fuzz/Support"),
        .executableTarget(name: "fuzz-departures", dependencies: ["DeparturesCore", "FuzzSupport"], path: "Tests/Fuzz/Targets/Departures"),
        .executableTarget(name: "fuzz-board-file", dependencies: ["BoardConfig", "FuzzSupport"], path: "Tests/Fuzz/Targets/BoardFile"),
        .executableTarget(name: "fuzz-bdf", dependencies: ["BoardRender", "FuzzSupport"], path: "Tests/Fuzz/Targets/BDF"),
        .executableTarget(
            name: "fuzz-shaping", dependencies: ["BoardRender", "Framebuffer", "FuzzSupport"], path: "Tests/Fuzz/Targets/Shaping"),
        .executableTarget(name: "fuzz-font-file", dependencies: ["BoardRender", "FuzzSupport"], path: "Tests/Fuzz/Targets/FontFile"),
        .executableTarget(
            name: "fuzz-gtfs-realtime",
            dependencies: [
                "GTFSRealtime", "GTFSSchedule", "GTFSSource", "GTFSFeedBuilder", "DeparturesCore", "ZoneInfo", "FuzzSupport",
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ], path: "Tests/Fuzz/Targets/GTFSRealtime"),
        .executableTarget(
            name: "fuzz-vehicle-positions",
            dependencies: [
                "GTFSRealtime", "DeparturesCore", "ZoneInfo", "FuzzSupport", .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ], path: "Tests/Fuzz/Targets/VehiclePositions"),
        .executableTarget(
            name: "fuzz-gtfs-feed", dependencies: ["GTFSSchedule", "GTFSFeedBuilder", "DeparturesCore", "ZoneInfo", "FuzzSupport"],
            path: "Tests/Fuzz/Targets/GTFSFeed"),
        .executableTarget(name: "fuzz-zip", dependencies: ["ZipReader", "GTFSSchedule", "FuzzSupport"], path: "Tests/Fuzz/Targets/Zip"),
        .executableTarget(name: "fuzz-http-response", dependencies: ["HTTPFetch", "FuzzSupport"], path: "Tests/Fuzz/Targets/HTTPResponse"),
        .executableTarget(name: "fuzz-tzif", dependencies: ["ZoneInfo", "SystemFiles", "FuzzSupport"], path: "Tests/Fuzz/Targets/TZif"),
        .executableTarget(name: "fuzz-csv", dependencies: ["CSVStream", "FuzzSupport"], path: "Tests/Fuzz/Targets/CSV"),
        .executableTarget(
            name: "fuzz-onebusaway", dependencies: ["OneBusAwaySource", "FeedKit", "DeparturesCore", "ZoneInfo", "FuzzSupport"],
            path: "Tests/Fuzz/Targets/OneBusAway"),
        .executableTarget(
            name: "fuzz-siri", dependencies: ["SIRISource", "DeparturesCore", "ZoneInfo", "FuzzSupport"],
            path: "Tests/Fuzz/Targets/SIRI"),
        .executableTarget(
            name: "fuzz-siri-sx", dependencies: ["SIRISource", "DeparturesCore", "ZoneInfo", "FuzzSupport"],
            path: "Tests/Fuzz/Targets/SIRISituations"),
        .executableTarget(name: "fuzz-json-path", dependencies: ["JSONPath", "FuzzSupport"], path: "Tests/Fuzz/Targets/JSONPath"),
        .executableTarget(name: "fuzz-status-link", dependencies: ["StatusLink", "FuzzSupport"], path: "Tests/Fuzz/Targets/StatusLink"),
        .executableTarget(
            name: "fuzz-conditional-get", dependencies: ["WebServer", "WebMessages", "FuzzSupport"],
            path: "Tests/Fuzz/Targets/ConditionalGET"),
        .executableTarget(
            name: "fuzz-json-map", dependencies: ["JSONMapSource", "JSONPath", "DeparturesCore", "ZoneInfo", "FuzzSupport"],
            path: "Tests/Fuzz/Targets/JSONMap"),

        .testTarget(name: "RetryTests", dependencies: ["Retry"]),
        .testTarget(name: "SQLiteTests", dependencies: ["Locking", "SQLite", "CSQLite"]),
        .testTarget(name: "ZoneInfoTests", dependencies: ["ZoneInfo", "SeededRandom"]),
        .testTarget(name: "SoundPlaybackTests", dependencies: ["SoundPlayback"]),
        .testTarget(
            name: "HTTPFetchTests",
            dependencies: ["TestTiming", "TestPaths", "HTTPFetch", "LoopbackHTTPServer", "CZlibSystem", "SystemFiles"]),
        .testTarget(name: "DeparturesCoreTests", dependencies: ["Locking", "TestTiming", "DeparturesCore", "ZoneInfo"]),
        .testTarget(
            name: "APISourceTests",
            dependencies: [
                "APISource", "FeedKit", "DeparturesCore", "HTTPFetch", "LoopbackHTTPServer",
                "Locking", "LogCapture", "ZoneInfo", .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(
            name: "OneBusAwaySourceTests",
            dependencies: [
                "OneBusAwaySource", "FeedKit", "DeparturesCore", "HTTPFetch", "ZoneInfo", "LoopbackHTTPServer", "Locking", "LogCapture",
                .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(
            name: "SIRISourceTests", dependencies: ["SIRISource", "DeparturesCore", "HTTPFetch", "ZoneInfo", "LoopbackHTTPServer"]),
        .testTarget(name: "JSONPathTests", dependencies: ["JSONPath", "DeparturesCore"]),
        .testTarget(
            name: "JSONMapSourceTests",
            dependencies: ["JSONMapSource", "JSONPath", "DeparturesCore", "HTTPFetch", "ZoneInfo", "LoopbackHTTPServer"]),
        .testTarget(
            name: "GTFSScheduleTests",
            dependencies: [
                "TestTiming",
                "GTFSSchedule", "GTFSFeedBuilder", "ZoneInfo", "DeparturesCore", "SystemFiles", "SQLite", "SeededRandom",
            ]),
        // make-fixtures.py writes OracleFixtures.swift from zips that Python and Info-ZIP make.
        .testTarget(
            name: "ZipReaderTests", dependencies: ["ZipReader", "GTFSFeedBuilder", "SeededRandom"],
            exclude: ["make-fixtures.py"]),
        .testTarget(name: "CSVStreamTests", dependencies: ["CSVStream", "SeededRandom"]),
        .testTarget(
            name: "GTFSRealtimeTests",
            dependencies: [
                "Locking", "TestTiming",
                "GTFSRealtime", "GTFSSchedule", "DeparturesCore", "HTTPFetch", "ZoneInfo", "LoopbackHTTPServer",
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ]),
        .testTarget(
            name: "GTFSSourceTests",
            dependencies: [
                "Locking", "LogCapture",
                "GTFSSource", "GTFSSchedule", "GTFSRealtime", "GTFSFeedBuilder", "DeparturesCore", "ZoneInfo", "LoopbackHTTPServer",
                "HTTPFetch",
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(name: "YAMLTreeTests", dependencies: ["YAMLTree"]),
        .testTarget(
            name: "BoardConfigTests",
            dependencies: ["BoardConfig", "DeparturesCore", "HTTPFetch", "PanelCatalog", "SeededRandom", "ZoneInfo"], exclude: ["Fixtures"]),
        .testTarget(name: "FontsTests", dependencies: ["BoardRender", "SeededRandom", "TestPaths"]),
        .testTarget(name: "FramebufferTests", dependencies: ["Framebuffer"]),
        .testTarget(name: "LinuxDevicesTests", dependencies: ["LinuxDevices"]),
        .testTarget(name: "AmbientLightTests", dependencies: ["AmbientLight"]),
        .testTarget(
            name: "DisplayBackendsTests",
            dependencies: [
                "Locking", "Retry", "TestTiming", "TestPaths", "DisplayBackends", "Framebuffer", "CZlibSystem", "PanelTestSupport",
                "SeededRandom", "PanelCatalog",
            ]),
        .testTarget(
            name: "BoardRenderTests",
            dependencies: ["TestPaths", "BoardRender", "Framebuffer", "DisplayBackends", "DeparturesCore", "ZoneInfo"], exclude: ["Golden"]),
        .testTarget(
            name: "BoardRuntimeTests",
            dependencies: [
                "Locking", "TestTiming", "TestPaths", "LogCapture", "LinuxDevices",
                "BoardRuntime", "BoardRender", "SoundPlayback", "DeparturesCore", "DisplayBackends", "Framebuffer", "ZoneInfo",
                "AmbientLight",
                "StatusEndpoint", "WebMessages", "LoopbackHTTPServer", "HTTPFetch", "SystemFiles", "APISource", "PanelTestSupport",
                "GTFSSource", "GTFSSchedule", "GTFSRealtime", "GTFSFeedBuilder",
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(
            name: "BoardAssemblyTests",
            dependencies: [
                "Locking", "TestPaths",
                "BoardAssembly", "SourceAssembly", "ProgramSupport", "BoardConfig", "DeparturesCore", "DisplayBackends", "Framebuffer",
                "PanelCatalog",
                "BoardRender", "ZoneInfo", "Announcements", "SpeechOutput",
                "GTFSFeedBuilder", "GTFSSchedule", "LoopbackHTTPServer", "PanelTestSupport", "BoardRuntime", "HTTPFetch",
                "StatusLink", "WebMessages", "AmbientLight",
                // SlowPanelTests counts an e-paper board's refreshes over an hour as `bench` does.
                "BoardBench",
                // Built for the status page tests, which start it as a sign does.
                "departure-board-web",
                .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(
            name: "StatusLinkTests",
            dependencies: [
                "Locking", "Retry", "TestTiming", "LogCapture",
                "StatusLink", "WebMessages", "SeededRandom", "HTTPFetch", "SystemFiles", "departure-board-web",
                .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(
            name: "WebServerTests",
            dependencies: [
                "TestTiming",
                "WebServer", "WebMessages", "HTTPFetch", .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(
            name: "DeparturesHubTests",
            dependencies: [
                "Locking", "TestTiming", "TestPaths",
                "DeparturesHub", "DeparturesCore", "WebServer", "WebMessages", "ServerAssembly", "SourceAssembly", "BoardConfig",
                "ZoneInfo", "LoopbackHTTPServer", "APISource", "HTTPFetch",
                .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(name: "AnnouncementsTests", dependencies: ["Announcements", "DeparturesCore", "ZoneInfo", "SpeechOutput"]),
        .testTarget(name: "SpeechOutputTests", dependencies: ["SpeechOutput"]),
        .testTarget(name: "SystemLibrariesTests", dependencies: ["GPIOLine", "CI2C"]),
        .testTarget(
            name: "DepartureBoardCLITests",
            dependencies: [
                "Locking", "TestTiming", "TestPaths",
                "departure-board", "departure-board-web", "LoopbackHTTPServer", "DisplayBackends", "Framebuffer", "PanelTestSupport",
                "fuzz-departures", "fuzz-board-file", "fuzz-bdf", "fuzz-shaping", "fuzz-gtfs-realtime", "fuzz-gtfs-feed", "fuzz-zip",
                "fuzz-http-response", "fuzz-tzif", "fuzz-csv", "fuzz-onebusaway", "fuzz-siri", "fuzz-siri-sx", "fuzz-json-path",
                "fuzz-json-map", "fuzz-vehicle-positions", "fuzz-status-link", "fuzz-conditional-get", "fuzz-font-file",
                "GTFSFeedBuilder", "GTFSRealtime", .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                // The power-loss test reads the stores it kills imports of, with seeded kill moments;
                // the hostile-feed test measures a child's own peak as `bench` does.
                "SQLite", "SeededRandom", "BoardBench", "SourceAssembly",
                // Boards/docs/source-api-file.md's departures JSON is checked against the contract's own keys.
                "DeparturesCore",
            ], exclude: ["Golden"]),
    ]
)

// The floor plan: each module's family folder under Sources/ (Sources/README.md says what each
// family owns and may import). Target names stay as they are; only their folders are grouped.
let families: [String: [String]] = [
    "Core": ["DeparturesCore"],
    "Feeds": ["FeedKit", "APISource", "OneBusAwaySource", "SIRISource", "JSONMapSource", "GTFSSchedule", "GTFSRealtime", "GTFSSource"],
    "Board": ["BoardConfig", "SourceAssembly", "BoardAssembly", "BoardBench", "BoardRuntime", "StatusEndpoint"],
    "Display": ["Framebuffer", "PanelCatalog", "BoardRender", "DisplayBackends", "AmbientLight"],
    "Server": ["WebMessages", "StatusLink", "WebServer", "DeparturesHub", "ServerAssembly"],
    "Platform": [
        "Locking", "Retry", "SystemFiles", "ZoneInfo", "HTTPFetch", "CTLSLoader", "ZipReader", "CSVStream",
        "YAMLTree", "SQLite", "GPIOLine", "LinuxDevices", "ProgramSupport", "JSONPath", "CXMLLoader", "CShapingLoader",
        "CFreeTypeLoader",
        "CSoundLoader", "SoundPlayback", "CSpeechLoader",
    ],
    "Platform/C": ["CGPIOD", "CI2C", "CKernel", "CSQLite", "CYAML", "CZlibSystem", "CLoaderSupport"],
    "Voice": ["Announcements", "SpeechOutput"],
    "Programs": ["departure-board", "departure-board-web"],
]
for (family, names) in families {
    for name in names {
        guard let target = package.targets.first(where: { $0.name == name }) else {
            fatalError("Package.swift: the floor plan names \(name), which is no target")
        }
        target.path = "Sources/\(family)/\(name)"
    }
}

// The tests' floor plan (Tests/README.md): unit tests by the family of the module they test,
// as Sources/ is grouped; the end-to-end tests, which run the real programs, apart. Every test
// target must have a place here.
let testFolders: [String: [String]] = [
    "Unit/Core": ["DeparturesCoreTests"],
    "Unit/Feeds": [
        "APISourceTests", "OneBusAwaySourceTests", "SIRISourceTests", "JSONMapSourceTests", "GTFSScheduleTests",
        "GTFSRealtimeTests", "GTFSSourceTests",
    ],
    "Unit/Board": ["BoardConfigTests", "BoardAssemblyTests", "BoardRuntimeTests"],
    "Unit/Display": ["FramebufferTests", "BoardRenderTests", "FontsTests", "DisplayBackendsTests", "AmbientLightTests"],
    "Unit/Server": ["StatusLinkTests", "WebServerTests", "DeparturesHubTests"],
    "Unit/Platform": [
        "RetryTests", "SQLiteTests", "ZoneInfoTests", "SoundPlaybackTests", "HTTPFetchTests", "JSONPathTests",
        "ZipReaderTests", "CSVStreamTests", "YAMLTreeTests", "SystemLibrariesTests", "LinuxDevicesTests",
    ],
    "Unit/Voice": ["AnnouncementsTests", "SpeechOutputTests"],
    "EndToEnd": ["DepartureBoardCLITests"],
]
for (folder, names) in testFolders {
    for name in names {
        guard let target = package.targets.first(where: { $0.name == name && $0.type == .test }) else {
            fatalError("Package.swift: the tests' floor plan names \(name), which is no test target")
        }
        target.path = "Tests/\(folder)/\(name)"
    }
}
for target in package.targets where target.type == .test && target.path == nil {
    fatalError("Package.swift: test target \(target.name) has no folder in the tests' floor plan")
}

// Release objects are compiled for the static Swift libraries too: the compiler then records
// the static libraries each module needs (FoundationEssentials' C shims and collections) for
// the linker, which `-static-stdlib` at link time alone does not. And with one section per
// function, so the link can lay out deploy/link/hot-functions.txt first.
// The other executables (fuzz replayers, the import bench) link those static libraries as well,
// or a plain `swift build -c release` fails to link them (lld: gold warns about mktemp in Foundation).
for target in package.targets where [.regular, .executable, .test].contains(target.type) {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            // The compiler keeps the import rules: an import is internal unless a file says
            // `public import` (its public API shows the module's types), and a member is visible
            // only in files that import its module.
            .enableUpcomingFeature("InternalImportsByDefault"),
            .enableUpcomingFeature("MemberImportVisibility"),
            // An existential is written `any P`, so its cost (a box, dynamic dispatch) is seen
            // where it is paid, apart from a generic's `some P`.
            .enableUpcomingFeature("ExistentialAny"),
            .unsafeFlags(["-static-stdlib", "-Xfrontend", "-function-sections"], .when(platforms: [.linux], configuration: .release)),
        ]
    if target.type == .executable && !["departure-board", "departure-board-web"].contains(target.name) {
        target.linkerSettings =
            (target.linkerSettings ?? []) + [
                .unsafeFlags(["-static-stdlib", "-use-ld=lld"], .when(platforms: [.linux], configuration: .release))
            ]
    }
}
