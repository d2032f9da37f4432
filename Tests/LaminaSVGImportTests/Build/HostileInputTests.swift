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

    @Test func deepUseChainsBuildWithoutRecursion() throws {
        var svg = S.header + "><defs><rect id=\"e0\" width=\"1\" height=\"1\"/>"
        for i in 1...3000 { svg += "<g id=\"e\(i)\"><use href=\"#e\(i - 1)\"/></g>" }
        svg += "</defs><use id=\"top\" href=\"#e3000\"/></svg>"
        let (scene, _) = try S.load(svg)
        #expect(scene.tree.count == 1 + 1 + 3000 * 2 + 1)
    }

    @Test func manyClipPathsOnClipPathsDoNotRecurse() throws {
        var svg = S.header + "><defs>"
        for i in 0..<2000 { svg += "<clipPath id=\"c\(i)\" clip-path=\"url(#c\(i + 1))\"><rect width=\"1\" height=\"1\"/></clipPath>" }
        svg += "</defs><rect width=\"1\" height=\"1\" clip-path=\"url(#c0)\"/></svg>"
        let (scene, _) = try S.load(svg)
        #expect(scene.tree.count == 2 + 2000 * 2)
    }
}
