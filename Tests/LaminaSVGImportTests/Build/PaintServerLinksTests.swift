import Foundation
import LaminaCore
import Testing

@testable import LaminaSVGImport

private typealias S = ImportTestSupport

/// `href` inheritance of paint servers: followed to the end of any chain, memoized, and stopped
/// by cycles and by elements of another kind.
@Suite struct PaintServerLinksTests {
    /// `count` gradients, each linking to the previous one; only the first has stops and `x2`,
    /// every third sets its own `x1`; rect `r<i>` is filled with gradient `g<i>`.
    static func chain(_ count: Int) -> String {
        var s = S.header + #"><linearGradient id="g0" x2="0.25"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient>"#
        for i in 1..<count {
            s += ##"<linearGradient id="g\##(i)" xlink:href="#g\##(i - 1)""## + (i % 3 == 0 ? #" x1="0.\#(i % 10)""# : "") + "/>"
        }
        for i in 0..<count { s += ##"<rect id="r\##(i)" width="1" height="1" fill="url(#g\##(i))"/>"## }
        return s + "</svg>"
    }

    /// Chains longer than the 64 links once followed: every gradient gets the first one's stops
    /// and `x2`, and the nearest `x1` up its chain.
    @Test(arguments: [10, 65, 300])
    func everyLinkOfALongChainInherits(count: Int) throws {
        let (scene, _) = try S.load(Self.chain(count))
        #expect(scene.resources.count == count)
        for (i, r) in scene.resources.enumerated() {
            #expect(r.id == "g\(i)")
            #expect(r.xml.contains(#"x2="0.25""#), "g\(i)")
            #expect(r.xml.contains(##"<stop offset="1" stop-color="#0000ff"/>"##), "g\(i)")
            let nearest = i - i % 3
            if nearest > 0 { #expect(r.xml.contains(#"x1="0.\#(nearest % 10)""#), "g\(i)") }
        }
    }

    /// The memo gives each gradient what its own walk would: asking in any order agrees.
    @Test func answersDoNotDependOnTheOrderOfRequests() throws {
        let forward = try S.load(Self.chain(120)).scene.resources
        // The same document with the rects in reverse order requests the chain from its far end.
        var text = Self.chain(120)
        let rects = (0..<120).map { ##"<rect id="r\##($0)" width="1" height="1" fill="url(#g\##($0))"/>"## }
        text = text.replacingOccurrences(of: rects.joined(), with: rects.reversed().joined())
        let backward = try S.load(text).scene.resources
        #expect(Dictionary(uniqueKeysWithValues: forward.map { ($0.id, $0.xml) })
            == Dictionary(uniqueKeysWithValues: backward.map { ($0.id, $0.xml) }))
    }

    @Test func cyclesAndOtherKindsEndTheChain() throws {
        let svg = S.header + ##"><linearGradient id="a" xlink:href="#b" x1="0.5"/>"##
            + ##"<linearGradient id="b" xlink:href="#a"><stop offset="0" stop-color="lime"/></linearGradient>"##
            + ##"<radialGradient id="c" xlink:href="#a" r="0.3"/>"##
            + ##"<linearGradient id="d" xlink:href="#p"/><pattern id="p" width="2" height="2"><rect width="1" height="1"/></pattern>"##
            + ##"<rect width="1" height="1" fill="url(#a)"/><rect width="1" height="1" fill="url(#b)"/>"##
            + ##"<rect width="1" height="1" fill="url(#c)"/><rect width="1" height="1" fill="url(#d) gray"/></svg>"##
        let (scene, _) = try S.load(svg)
        let xml = Dictionary(uniqueKeysWithValues: scene.resources.map { ($0.id, $0.xml) })
        #expect(xml["a"] == ##"<linearGradient id="a" x1="0.5"><stop offset="0" stop-color="#00ff00"/></linearGradient>"##)
        #expect(xml["b"] == ##"<linearGradient id="b" x1="0.5"><stop offset="0" stop-color="#00ff00"/></linearGradient>"##)
        // A radial gradient takes the stops through a linear one, but not its `x1`.
        #expect(xml["c"] == ##"<radialGradient id="c" r="0.3"><stop offset="0" stop-color="#00ff00"/></radialGradient>"##)
        // A gradient linking to a pattern inherits nothing from it.
        #expect(xml["d"] == #"<linearGradient id="d"></linearGradient>"#)
    }
}
