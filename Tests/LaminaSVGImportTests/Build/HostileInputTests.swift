#if canImport(Glibc)
import Glibc
#endif
import LaminaCore
import Testing

@testable import LaminaSVGImport

@Suite struct HostileInputTests {
    typealias S = ImportTestSupport

    @Test(arguments: [
        "transform=\"translate(NaN 5)\"", "transform=\"scale(1e400)\"", "transform=\"matrix(1 0 0 1 Infinity 0)\"",
        "transform=\"rotate(\"", "x=\"NaN\" y=\"-1e400\"",
    ])
    func nonFiniteNumbersNeverReachTheLayers(attributes: String) throws {
        let svg = S.header + "><g id=\"g\" \(attributes)><rect id=\"r\" \(attributes) width=\"10\" height=\"10\"/></g></svg>"
        let (scene, _) = try S.load(svg)
        for id in scene.tree.allIDs {
            let l = scene.tree[id]
            let numbers = [l.bounds.x, l.bounds.y, l.bounds.width, l.bounds.height, l.position.x, l.position.y] + l.transform.elements
            #expect(numbers.allSatisfy { $0.isFinite })
        }
    }

    @Test func scriptsEventsAndExternalReferencesAreDropped() throws {
        let svg = S.header + " onload=\"alert(1)\"><script>alert(2)</script><a href=\"javascript:alert(3)\"><rect width=\"1\" height=\"1\" onclick=\"x()\"/></a>"
            + "<use href=\"other.svg#a\"/><image href=\"http://example.com/x.png\" width=\"1\" height=\"1\"/>"
            + "<text onmouseover=\"y()\">hi<tspan href=\"https://evil\">x</tspan></text><foreignObject/></svg>"
        let (scene, diagnostics) = try S.load(svg)
        let messages = diagnostics.map(\.message)
        #expect(messages.contains("event attribute 'onload' dropped"))
        #expect(messages.contains("event attribute 'onclick' dropped"))
        #expect(messages.contains("'script' dropped"))
        #expect(messages.contains("'javascript:' link dropped"))
        #expect(messages.contains("external reference 'other.svg#a' dropped"))
        #expect(messages.contains("image with external reference 'http://example.com/x.png' dropped"))
        #expect(messages.contains("'foreignObject' dropped"))
        for id in scene.tree.allIDs {
            if case .svg(let xml)? = scene.tree[id].content?.shape {
                #expect(!xml.contains("onmouseover"))
                #expect(!xml.contains("evil"))
                #expect(xml.hasPrefix("<text"))
            }
        }
    }

    @Test func externalPaintReferencesDrawTheirFallback() throws {
        let svg = S.header + "><rect id=\"r\" width=\"1\" height=\"1\" fill=\"url(other.svg#g) red\" stroke=\"url('http://x/y#z')\"/></svg>"
        let (scene, diagnostics) = try S.load(svg)
        let r = try #require(S.layer(scene, "r"))
        #expect(scene.tree[r].content?.fill == .color("#ff0000"))
        #expect(scene.tree[r].content?.stroke == nil)
        #expect(diagnostics.map(\.message) == ["external reference 'other.svg#g' dropped", "external reference 'http://x/y#z' dropped"])
    }

    @Test func useFanOutIsCapped() {
        var svg = S.header + "><defs><rect id=\"l0\" width=\"1\" height=\"1\"/>"
        for i in 1...12 {
            svg += "<g id=\"l\(i)\">" + String(repeating: "<use href=\"#l\(i - 1)\"/>", count: 10) + "</g>"
        }
        svg += "</defs><use href=\"#l12\"/></svg>"
        #expect {
            _ = try S.load(svg)
        } throws: { error in
            (error as? SVGImportError)?.kind == .useExpansion
        }
    }

    /// A clip path with a long path, used by 200 elements of a clip path that 200 elements use:
    /// 40,000 instances of the path, whose data is read once (each instance once re-read all
    /// 50 KB: 2 GB of path data, minutes in a debug build; a fuzzer's 99 × 99 × 99 fan-out ran
    /// 28 s before the instance limit stopped it).
    ///
    /// The import runs on this thread alone and the bound is this thread's CPU time, which tests
    /// running beside it and a loaded machine do not stretch (a wall-time bound failed at a load
    /// of 25–30).
    @Test func clipPathInstancesReadTheirPathOnce() throws {
        let d = "M0 0" + String(repeating: " L1 2 3 4", count: 5_000)
        var svg = S.header + "><defs><clipPath id=\"c0\"><path d=\"\(d)\"/></clipPath><clipPath id=\"c1\">"
        svg += String(repeating: "<rect width=\"5\" height=\"5\" clip-path=\"url(#c0)\"/>", count: 200)
        svg += "</clipPath></defs>"
        svg += String(repeating: "<rect width=\"9\" height=\"9\" clip-path=\"url(#c1)\"/>", count: 200) + "</svg>"
        let start = Self.threadCPUSeconds()
        let scene = try SVGImport.importScene(Array(svg.utf8), file: "in.svg", threads: 1).scene
        let used = Self.threadCPUSeconds() - start
        #expect(scene.tree.count > 80_000)
        #expect(used < 10, "\(used) s of CPU")
    }

    /// The CPU seconds the calling thread has used.
    static func threadCPUSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// A chain of groups each holding a `use` of the one before: `links` groups nest
    /// 2 × `links` + 3 elements deep (the root, the first `use`, the groups and theirs, the rect).
    static func groupUseChain(_ links: Int) -> String {
        var svg = S.header + "><defs><rect id=\"e0\" width=\"1\" height=\"1\"/>"
        for i in 1...links { svg += "<g id=\"e\(i)\"><use href=\"#e\(i - 1)\"/></g>" }
        return svg + "</defs><use id=\"top\" href=\"#e\(links)\"/></svg>"
    }

    /// As deep as instancing may nest (999 levels): built without recursion.
    @Test func deepUseChainsBuildWithoutRecursion() throws {
        let (scene, _) = try S.load(Self.groupUseChain(498))
        #expect(scene.tree.count == 1 + 1 + 498 * 2 + 1)
        var depth = 0
        var id = scene.root
        while let next = scene.tree.sublayers(of: id).first {
            depth += 1
            id = next
        }
        #expect(depth == 998)
    }

    /// Nesting deeper than ``SceneBuilder/nestingLimit`` is refused before anything is built,
    /// located at the first `use` past the limit (a 1.9 MB chain of 50,000 once made `inspect`
    /// write 8.7 GB); the limit counts the document's own nesting too.
    @Test(arguments: [(499, true), (498, false)])
    func useChainsNestedTooDeepAreRefused(links: Int, refused: Bool) throws {
        let svg = Self.groupUseChain(links)
        if !refused {
            _ = try S.load(svg)
            return
        }
        let error = try #require(throws: SVGImportError.self) { try S.load(svg) }
        #expect(error.kind == .useExpansion)
        #expect(error.message == "'use' instancing would nest elements more than 1000 levels deep")
        // At the `use` instancing the deepest nesting: the outermost one, last in the file.
        let top = try #require(svg.range(of: "<use id=\"top\""))
        #expect(error.location.line == 1)
        #expect(error.location.column == svg.utf8.distance(from: svg.startIndex, to: top.lowerBound) + 1)
    }

    /// A 2,000-link chain of clip paths on clip paths is followed without recursion, and only
    /// ``DisplayList/maxClipNesting`` links deep (a mask layer and its shape per link).
    @Test func manyClipPathsOnClipPathsDoNotRecurse() throws {
        var svg = S.header + "><defs>"
        for i in 0..<2000 { svg += "<clipPath id=\"c\(i)\" clip-path=\"url(#c\(i + 1))\"><rect width=\"1\" height=\"1\"/></clipPath>" }
        svg += "</defs><rect width=\"1\" height=\"1\" clip-path=\"url(#c0)\"/></svg>"
        let (scene, diagnostics) = try S.load(svg)
        #expect(scene.tree.count == 2 + DisplayList.maxClipNesting * 2)
        #expect(diagnostics.map(\.message) == ["clip paths clipped by clip paths more than 64 deep; the rest are ignored"])
    }
}
