import LaminaCore
import Testing

@Suite struct ConstraintSolverTests {
    /// A 200×100 superlayer with a constraint manager and sublayers built by `make`.
    static func scene(_ subs: [(String, Rect, [Constraint])]) throws -> (LayerTree, LayerID, [LayerID]) {
        var tree = LayerTree()
        var r = Layer(name: "root")
        r.bounds = Rect(0, 0, 200, 100)
        r.layoutManager = .constraint
        let root = tree.make(r)
        var ids: [LayerID] = []
        for (name, frame, constraints) in subs {
            var l = Layer(name: name)
            l.constraints = constraints
            let id = tree.make(l)
            tree.setFrame(frame, of: id)
            try tree.addSublayer(id, to: root)
            ids.append(id)
        }
        return (tree, root, ids)
    }

    @Test func leftAndRightHalves() throws {
        let common = [
            Constraint(attribute: .height, relativeTo: "superlayer", sourceAttribute: .height),
            Constraint(attribute: .width, relativeTo: "superlayer", sourceAttribute: .width, scale: 0.5),
            Constraint(attribute: .minY, relativeTo: "superlayer", sourceAttribute: .minY),
        ]
        var (tree, root, ids) = try Self.scene([
            ("left", Rect(0, 0, 10, 10), common + [Constraint(attribute: .minX, relativeTo: "superlayer", sourceAttribute: .minX)]),
            ("right", Rect(0, 0, 10, 10), common + [Constraint(attribute: .maxX, relativeTo: "superlayer", sourceAttribute: .maxX)]),
        ])
        #expect(tree.layout(root: root).isEmpty)
        #expect(tree.frame(of: ids[0]) == Rect(0, 0, 100, 100))
        #expect(tree.frame(of: ids[1]) == Rect(100, 0, 100, 100))
    }

    @Test func cycleIsReportedAndLeftUntouched() throws {
        let location = SourceLocation(file: "in.svg", line: 3, column: 5)
        var (tree, root, ids) = try Self.scene([
            ("a", Rect(0, 0, 50, 20), [Constraint(attribute: .midX, relativeTo: "b", sourceAttribute: .midX, location: location)]),
            ("b", Rect(0, 0, 30, 20), [Constraint(attribute: .midX, relativeTo: "a", sourceAttribute: .midX)]),
        ])
        let diagnostics = tree.layout(root: root)
        #expect(diagnostics.map(\.message) == ["constraint cycle: a.midX → b.midX → a.midX"])
        #expect(diagnostics.first?.location == location)
        #expect(tree.frame(of: ids[0]) == Rect(0, 0, 50, 20))
    }

    @Test func unknownSourceAndSameRankConflictWarn() throws {
        var (tree, root, ids) = try Self.scene([
            ("a", Rect(3, 5, 40, 20), [
                Constraint(attribute: .minX, relativeTo: "nobody", sourceAttribute: .minX),
                Constraint(attribute: .minY, relativeTo: "superlayer", sourceAttribute: .minY),
                Constraint(attribute: .minY, relativeTo: "superlayer", sourceAttribute: .midY),
            ])
        ])
        let messages = tree.layout(root: root).map(\.message)
        #expect(messages == ["unknown constraint source 'nobody'", "conflicting constraints on 'a': two set its minY"])
        #expect(tree.frame(of: ids[0]) == Rect(3, 5, 40, 20))
    }

    /// A layer tilted so that a corner of its bounds lies behind the eye: its frame is
    /// `Rect.infinite` (§2.2), 20×10 at (30, 25) with w = 0 along its top edge.
    static func tilted(_ l: inout Layer) {
        l.bounds = Rect(0, 0, 20, 10)
        l.position = Point(30, 25)
        l.transform.m24 = 0.2
    }

    @Test func aLayerWithAnInfiniteFrameIsLeftAsItIs() throws {
        var (tree, root, ids) = try Self.scene([
            ("p", Rect(0, 0, 1, 1), [Constraint(attribute: .maxY, relativeTo: "superlayer", sourceAttribute: .height)])
        ])
        Self.tilted(&tree[ids[0]])
        #expect(tree.frame(of: ids[0]).isInfinite)
        let messages = tree.layout(root: root).map(\.message)
        #expect(messages == [
            "constraint on 'maxY' not applied: the frame of 'p' is infinite (its transform puts a corner behind the eye)"
        ])
        #expect(tree[ids[0]].bounds == Rect(0, 0, 20, 10))
        #expect(tree[ids[0]].position == Point(30, 25))
    }

    @Test func aSourceWithAnInfiniteFrameIsNotMeasured() throws {
        var (tree, root, ids) = try Self.scene([
            ("p", Rect(0, 0, 1, 1), [Constraint(attribute: .width, relativeTo: "superlayer", sourceAttribute: .width)]),
            ("q", Rect(5, 6, 7, 8), [Constraint(attribute: .minX, relativeTo: "p", sourceAttribute: .maxX)]),
        ])
        Self.tilted(&tree[ids[0]])
        let messages = tree.layout(root: root).map(\.message)
        #expect(messages == [
            "constraint on 'minX' not applied: the frame of 'p' is infinite (its transform puts a corner behind the eye)"
        ])
        #expect(tree.frame(of: ids[1]) == Rect(5, 6, 7, 8))
    }

    /// A sibling measured through `relativeTo` while it is turned: `a` (rotated 0.3 rad) is
    /// placed at (0, 10) with half the superlayer's width; `b` sits at `a`'s max corner.
    static func turnedSiblings(aFirst: Bool) throws -> (LayerTree, LayerID, LayerID) {
        let a = ("a", Rect(20, 30, 40, 20), [
            Constraint(attribute: .minX, relativeTo: "superlayer", sourceAttribute: .minX),
            Constraint(attribute: .width, relativeTo: "superlayer", sourceAttribute: .width, scale: 0.5),
            Constraint(attribute: .minY, relativeTo: "superlayer", sourceAttribute: .minY, offset: 10),
        ])
        let b = ("b", Rect(0, 0, 10, 10), [
            Constraint(attribute: .minX, relativeTo: "a", sourceAttribute: .maxX),
            Constraint(attribute: .minY, relativeTo: "a", sourceAttribute: .maxY),
        ])
        var (tree, root, ids) = try Self.scene(aFirst ? [a, b] : [b, a])
        let (ia, ib) = aFirst ? (ids[0], ids[1]) : (ids[1], ids[0])
        tree.setTransform(Transform3D(AffineTransform.rotation(0.3)), of: ia)
        #expect(tree.layout(root: root).isEmpty)
        return (tree, ia, ib)
    }

    /// Each axis is solved on the frame the layer had when layout started, siblings are measured
    /// by the frame the layout gave them, and each layer gets one `setFrame` (GNUstep's measured
    /// manager). `setFrame` under a rotation does not give back its rectangle, so setting `a`'s
    /// x axis first changed the height its y axis then kept, and `b` read whichever `a` the
    /// order had reached.
    @Test func aTurnedSiblingIsMeasuredByTheFrameTheLayoutGaveIt() throws {
        var start = LayerTree()
        let probe = start.make(Layer(name: "a"))
        start.setFrame(Rect(20, 30, 40, 20), of: probe)
        start.setTransform(Transform3D(AffineTransform.rotation(0.3)), of: probe)
        let before = start.frame(of: probe)
        var expected = start
        expected.setFrame(Rect(0, 10, 100, before.height), of: probe)
        for aFirst in [true, false] {
            let (tree, a, b) = try Self.turnedSiblings(aFirst: aFirst)
            #expect(tree[a].bounds == expected[probe].bounds)
            #expect(tree[a].position == expected[probe].position)
            #expect(tree.frame(of: b).origin == Point(100, 10 + before.height))
        }
    }

    /// Two siblings share a name: a constraint naming it reads the other one, not the layer itself.
    @Test func aNameSharedWithASiblingReadsTheSibling() throws {
        var (tree, root, ids) = try Self.scene([
            ("x", Rect(7, 0, 10, 10), [Constraint(attribute: .minX, relativeTo: "superlayer", sourceAttribute: .minX, offset: 30)]),
            ("x", Rect(0, 0, 10, 10), [Constraint(attribute: .minX, relativeTo: "x", sourceAttribute: .maxX)]),
        ])
        #expect(tree.layout(root: root).isEmpty)
        #expect(tree.frame(of: ids[0]).x == 30)
        #expect(tree.frame(of: ids[1]).x == 40)
    }
}
