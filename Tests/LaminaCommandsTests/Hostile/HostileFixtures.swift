import Foundation
import LaminaTestSupport

/// The hostile inputs: files under Fixtures/hostile/ plus large ones generated at test time.
enum HostileFixtures {
    /// The folder of the checked-in hostile files.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/hostile")

    /// The bytes of fixture `name`: generated when it has a generator, else read from ``folder``.
    static func bytes(_ name: String) throws -> Data {
        if let make = generated[name] { return Data(make().utf8) }
        return try Data(contentsOf: folder.appendingPathComponent(name))
    }

    /// Every fixture name (checked-in and generated), sorted.
    static func allNames() throws -> [String] {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        return (files + generated.keys).sorted()
    }

    /// How many siblings and path segments the large fixtures have: 200,000 against a release
    /// build (`swift test -c release`), 5,000 against a debug build (unoptimized code on a
    /// loaded machine cannot meet the 10 s limit at full size; the release run can).
    /// `LAMINA_HOSTILE_LARGE` overrides it (Tests/Sanitizers/asan.sh: instrumented code is 2-3x slower).
    static let large = ProcessInfo.processInfo.environment["LAMINA_HOSTILE_LARGE"].flatMap { Int($0) }
        ?? (TestSupport.laminaExecutable?.path.contains("/release/") == true ? 200_000 : 5_000)

    static let svgOpen = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"100\">"

    /// A rect `u0` and `links` uses, `u(k)` instancing `u(k-1)` one unit to the right, and a
    /// use of the last one.
    static func useChain(_ links: Int) -> String {
        var s = svgOpen + "<defs><rect id=\"u0\" width=\"5\" height=\"5\"/>"
        for k in 1...links { s += "<use id=\"u\(k)\" href=\"#u\(k - 1)\" x=\"0.01\"/>" }
        return s + "</defs><use href=\"#u\(links)\"/></svg>"
    }

    /// ``generated``'s `gen-transform-copies.svg`.
    static func transformCopies() -> String {
        let css = String(repeating: "rotate(0.01deg) ", count: 2_000)
        let threeD = "perspective(10) translateZ(50px)" + String(repeating: " rotateY(0deg)", count: 2_000)
        var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:lamina=\"urn:lamina:layer\" width=\"100\" height=\"100\">"
            + "<defs><g id=\"l0\" transform=\"\(css)\"><rect width=\"5\" height=\"5\" lamina:transform3d=\"\(threeD)\"/></g>"
        for k in 1...5 {
            s += "<g id=\"l\(k)\">" + (0..<5).map { "<use href=\"#l\(k - 1)\" x=\"\($0)\"/>" }.joined() + "</g>"
        }
        return s + "</defs><use href=\"#l5\"/></svg>"
    }

    /// Inputs too large to check in, made on demand.
    static let generated: [String: @Sendable () -> String] = [
        // Beyond libxml2's default depth limit (256 without XML_PARSE_HUGE).
        "gen-deep-nesting.svg": {
            svgOpen + String(repeating: "<g>", count: 10_000) + "<rect width=\"1\" height=\"1\"/>"
                + String(repeating: "</g>", count: 10_000) + "</svg>"
        },
        // Just inside libxml2's limit: must work without deep recursion.
        "gen-nesting-250.svg": {
            svgOpen + String(repeating: "<g transform=\"translate(0.1 0.1)\">", count: 250)
                + "<rect width=\"1\" height=\"1\" fill=\"red\"/>" + String(repeating: "</g>", count: 250) + "</svg>"
        },
        "gen-deep-100000.json": {
            "{\"format\": \"lamina.layers\", \"version\": 1, \"root\": "
                + String(repeating: "{\"sublayers\": [", count: 100_000) + "{}"
                + String(repeating: "]}", count: 100_000) + "}"
        },
        "gen-deep-arrays.json": {
            "{\"format\": \"lamina.layers\", \"version\": 1, \"root\": {\"x-junk\": "
                + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}}"
        },
        // Just inside the JSON depth limit (10,000 layers).
        "gen-deep-3000.json": {
            "{\"format\": \"lamina.layers\", \"version\": 1, \"root\": "
                + String(repeating: "{\"bounds\": [0, 0, 10, 10], \"sublayers\": [", count: 3_000)
                + "{\"bounds\": [0, 0, 1, 1], \"backgroundColor\": \"#f00\"}" + String(repeating: "]}", count: 3_000) + "}"
        },
        // A chain of `use`s, each instancing the one before: 1,000 levels deep, the most
        // instancing may nest (1 + 997 + the `use` that starts it + the root) …
        "gen-use-chain-1000.svg": { useChain(997) },
        // … and the fuzzer's 50,000-level chain (a 1.9 MB file whose `inspect` report named
        // 50,000 paths of up to 50,000 segments: 8.7 GB).
        "gen-use-chain-50000.svg": { useChain(50_000) },
        "gen-long-path.svg": {
            var d = "M0 0"
            d.reserveCapacity(2_000_000)
            for i in 0..<large { d += i % 2 == 0 ? " L\(i % 100) \(i % 37)" : " q1 2 3 4" }
            return svgOpen + "<path id=\"p\" d=\"\(d)\" fill=\"none\" stroke=\"black\"/></svg>"
        },
        "gen-siblings.svg": {
            var s = svgOpen
            s.reserveCapacity(10_000_000)
            for i in 0..<large { s += "<rect x=\"\(i % 100)\" y=\"\(i % 97)\" width=\"1\" height=\"1\"/>" }
            return s + "</svg>"
        },
        "gen-siblings.json": {
            var s = "{\"format\": \"lamina.layers\", \"version\": 1, \"root\": {\"bounds\": [0, 0, 100, 100], \"sublayers\": ["
            s.reserveCapacity(10_000_000)
            for i in 0..<large {
                if i > 0 { s += "," }
                s += "{\"bounds\": [0, 0, 1, 1], \"position\": [\(i % 100), \(i % 97)]}"
            }
            return s + "]}}"
        },
        // Custom properties that double at each of 14 levels, on 5,000 elements of one rule
        // (it took minutes before substitutions had a budget and were remembered) …
        "gen-var-blowup.svg": {
            let chain = (1..<14).map { "--a\($0): var(--a\($0 - 1)) var(--a\($0 - 1))" }.joined(separator: "; ")
            var s = svgOpen + "<style>rect { --a0: x; \(chain); fill: var(--a13, green) }</style>"
            for i in 0..<5_000 { s += "<rect x=\"\(i % 100)\" width=\"1\" height=\"1\"/>" }
            return s + "</svg>"
        },
        // … and the same chain written on each element, 300 times (nothing to remember).
        "gen-var-unique.svg": {
            var s = svgOpen
            for i in 0..<300 {
                let chain = (1..<14).map { "--b\(i)-\($0): var(--b\(i)-\($0 - 1)) var(--b\(i)-\($0 - 1))" }.joined(separator: "; ")
                s += "<rect width=\"1\" height=\"1\" style=\"--b\(i)-0: x; \(chain); fill: var(--b\(i)-13, green)\"/>"
            }
            return s + "</svg>"
        },
        // A 2,000-function CSS transform and a 2,000-function lamina:transform3d on elements
        // instanced 3,125 times (each copy read them again: a 37 KB fuzzed file of this shape
        // ran for minutes); every copy turns past edge-on, one resolve warning each.
        "gen-transform-copies.svg": transformCopies,
        "gen-huge-selector.svg": {
            let compound = String(repeating: "g ", count: 50_000) + "rect"
            let list = (0..<20_000).map { ".c\($0)" }.joined(separator: ", ")
            let classes = (0..<20_000).map { "c\($0)" }.joined(separator: " ")
            return svgOpen + "<style>\(compound) { fill: red } \(list) { fill: blue } "
                + String(repeating: ":not(", count: 50_000) + "</style>"
                + "<g><g><rect class=\"\(classes)\" width=\"10\" height=\"10\"/></g></g></svg>"
        },
        // One 100 kB entity used 10,000 times: 1 GB if expanded naively.
        "gen-quadratic-blowup.svg": {
            let big = String(repeating: "x", count: 100_000)
            return "<?xml version=\"1.0\"?><!DOCTYPE svg [<!ENTITY big \"\(big)\">]>" + svgOpen
                + "<text x=\"0\" y=\"10\">" + String(repeating: "&big;", count: 10_000) + "</text>"
                + "<rect width=\"1\" height=\"1\" class=\"" + String(repeating: "&big;", count: 10_000) + "\"/></svg>"
        },
    ]
}
