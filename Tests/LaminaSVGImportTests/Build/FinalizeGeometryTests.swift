import LaminaCore
import Testing

@testable import LaminaSVGImport

/// The geometry pass splits a large tree's top level over two threads: the scene must be the
/// one a single thread makes, for every kind of geometry the pass computes.
@Suite struct FinalizeGeometryTests {
    /// `groups` top-level groups of ten layers each: nested transforms, a hidden sublayer (left
    /// out of its group's bounds), an `objectBoundingBox` clip (a mask sized by its host), a
    /// nested viewport (fixed bounds and a sublayer transform), authored bounds and anchor, a 3D
    /// transform, and an empty group.
    static func document(groups: Int) -> String {
        var s = #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:lamina="urn:lamina:layer" width="400" height="300">"#
        s += #"<defs><clipPath id="ob" clipPathUnits="objectBoundingBox"><circle cx=".5" cy=".5" r=".4"/></clipPath>"#
        s += #"<clipPath id="us"><rect x="5" y="5" width="90" height="40"/></clipPath></defs>"#
        for i in 0..<groups {
            let x = Double(i % 37) * 3.5, y = Double(i % 23) * 2.25
            s += #"<g transform="translate(\#(x) \#(y)) rotate(\#(i % 90))">"#
            s += #"<rect width="\#(10 + i % 7)" height="4" transform="scale(1.5 0.5)"/>"#
            s += #"<circle r="3" display="none"/><ellipse rx="4" ry="2" visibility="hidden"/>"#
            s += #"<g clip-path="url(#ob)"><path d="M0 0 l\#(5 + i % 11) 3 l-2 6 z"/></g>"#
            s += #"<svg x="2" y="3" width="20" height="10" viewBox="0 0 40 40"><rect width="40" height="\#(i % 40 + 1)"/></svg>"#
            s += #"<rect lamina:bounds="0 0 8 8" lamina:anchor="0 1" width="3" height="3" clip-path="url(#us)"/>"#
            s += #"<polygon lamina:transform3d="perspective(500px) rotateY(\#(i % 60)deg)" points="0,0 6,0 3,5"/>"#
            s += "<g/></g>"
        }
        return s + "</svg>"
    }

    @Test func twoThreadsMakeTheSceneOneThreadMakes() throws {
        let text = Array(Self.document(groups: 2_100).utf8)
        let one = try SVGImport.importScene(text, file: "f.svg", threads: 1)
        let two = try SVGImport.importScene(text, file: "f.svg", threads: 2)
        // Large enough for the split, with many top-level sublayers to split.
        #expect(one.scene.tree.count >= SceneBuilder.parallelFinalizeLayers)
        #expect(one.scene.tree.sublayers(of: one.scene.root).count >= 2_100)
        // Compared as a Bool and by first difference: a failure names a layer, not the whole tree.
        let firstDifference = one.scene.tree.allIDs.first { one.scene.tree[$0] != two.scene.tree[$0] }
        #expect(firstDifference == nil)
        let same = one.scene.tree == two.scene.tree
        #expect(same)
        #expect(one.diagnostics == two.diagnostics)
        // The pass did its work: groups have bounds, masks sized by their hosts, viewports map.
        let tree = one.scene.tree
        #expect(tree.allIDs.contains { tree[$0].sublayerTransform != .identity })
        #expect(tree.allIDs.contains { tree.isMaskLayer($0) && tree[$0].transform != .identity })
        #expect(tree.allIDs.filter { tree[$0].bounds.width > 0 }.count > tree.count / 2)
    }

    /// A group's bounds are the union of its visible sublayers' frames, each mapped by the
    /// general steps (the linear part of the layer's 4×4 about its anchor, then its position and
    /// translation added): bit for bit also for sublayers with no stored transform, which the
    /// pass maps without reading one, with negative zeros, fractions and a translated group.
    @Test func aGroupsBoundsAreItsSublayersFramesBitForBit() throws {
        let svg = #"""
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
            <g id="a"><rect x="-0" y="-0" width="0.1" height="0.3"/><circle cx="-0.7" cy="1e-9" r="0.35"/>
            <rect x="3" y="-2.5" width="1e-7" height="7" transform="rotate(33)"/><ellipse cx="-0" cy="4" rx="0" ry="2"/></g>
            <g id="b" transform="translate(-0 0.25)"><rect x="-1.5" y="-0" width="3" height="0"/>
            <g transform="translate(5 -0)"><path d="M-0 -0 L0.5 -3 L-2 1e-3 Z"/></g></g>
            </svg>
            """#
        let scene = try SVGImport.importScene(Array(svg.utf8), file: "f.svg", threads: 1).scene
        let tree = scene.tree
        var checked = 0
        for id in tree.allIDs where !tree.sublayers(of: id).isEmpty && id != scene.root {
            var box = Rect.null
            for c in tree.sublayers(of: id) where !tree[c].hidden {
                let layer = tree[c], b = layer.bounds, ap = layer.anchorPoint, p = layer.position
                if b.width == 0 && b.height == 0 && tree.sublayers(of: c).isEmpty && layer.content == nil { continue }
                let t = layer.transform
                let a = Point(b.x + ap.x * b.width, b.y + ap.y * b.height)
                let r = t.affinePart.linear.apply(Rect(b.x - a.x, b.y - a.y, b.width, b.height))
                box = box.union(Rect(r.x + p.x + t.m41, r.y + p.y + t.m42, r.width, r.height))
            }
            let bounds = tree[id].bounds
            let bits = [bounds.x, bounds.y, bounds.width, bounds.height].map(\.bitPattern)
            #expect(bits == [box.x, box.y, box.width, box.height].map(\.bitPattern), "layer \(id.index)")
            checked += 1
        }
        #expect(checked == 3)
        #expect(tree.allIDs.contains { tree[$0].transformIfSet == nil && tree[$0].hasContent })
    }

    /// The root's sublayers go in runs that follow each other, cover them all, are never empty,
    /// and hold about equal id spans; ids out of order or fewer than the runs still split.
    @Test func theRootsSublayersAreSplitInRunsOfAboutEqualSpan() {
        func check(_ ids: [Int], count: Int) -> [Range<Int>] {
            let runs = SceneBuilder.finalizeRuns(ids, count: count)
            #expect(runs.first?.lowerBound == 0)
            #expect(runs.last?.upperBound == ids.count)
            #expect(zip(runs, runs.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
            #expect(runs.allSatisfy { !$0.isEmpty })
            #expect(runs.count <= count)
            return runs
        }
        // A deep document: 2,500 subtrees of 40 layers after a `defs` of 300.
        let deep = [1] + (0..<2_500).map { 301 + 40 * $0 }
        let runs = check(deep, count: 32)
        #expect(runs.count == 32)
        let spans = runs.map { deep[$0.upperBound - 1] - deep[$0.lowerBound] }
        #expect(spans.max()! - spans.min()! <= 2 * 40 + 300)
        #expect(check(Array(1...3), count: 32).count == 3)
        #expect(check([7], count: 32) == [0..<1])
        #expect(check([5, 5, 5], count: 4).count == 1)
        #expect(check([9, 2, 8, 1, 30, 4], count: 4).count >= 2)
        #expect(check(Array(0..<100), count: 1) == [0..<100])
    }
}
