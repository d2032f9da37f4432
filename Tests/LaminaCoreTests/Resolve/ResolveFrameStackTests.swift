@testable import LaminaCore
import Testing

/// The resolver's frames, worked in place in one buffer (``ResolveFrameStack``): a grown
/// buffer keeps the frames of the path, a copy is a stack of its own, and a walk deeper than
/// the first buffer places every layer by all of its superlayers.
struct ResolveFrameStackTests {
    static func frame(_ i: Int) -> ResolveFrame {
        let h = Homography(AffineTransform(1, 0, 0, 1, Double(i), -Double(i)))
        return ResolveFrame(toOutput: h, toSpace: .identity, plane: nil, clip: i, group: i % 3 == 0 ? nil : i, opacity: 1 / Double(i + 1))
    }

    static func sameFrame(_ a: ResolveFrame, _ b: ResolveFrame) -> Bool {
        a.toOutput == b.toOutput && a.toSpace == b.toSpace && a.plane == b.plane && a.clip == b.clip && a.group == b.group
            && a.opacity == b.opacity
    }

    @Test func growingKeepsTheFramesWritten() {
        var stack = ResolveFrameStack(capacity: 2)
        for i in 0..<100 { stack.slot(i).pointee = Self.frame(i) }
        #expect(stack.capacity >= 100)
        #expect((0..<100).allSatisfy { Self.sameFrame(stack.base[$0], Self.frame($0)) })
    }

    @Test func aCopyIsAStackOfItsOwn() {
        var stack = ResolveFrameStack(capacity: 4)
        for i in 0..<3 { stack.slot(i).pointee = Self.frame(i) }
        var copy = stack.copy()
        copy.slot(1).pointee = Self.frame(7)
        copy.slot(50).pointee = Self.frame(50)
        #expect(Self.sameFrame(stack.base[1], Self.frame(1)))
        #expect(Self.sameFrame(copy.base[0], Self.frame(0)) && Self.sameFrame(copy.base[2], Self.frame(2)))
        #expect(Self.sameFrame(copy.base[1], Self.frame(7)))
        #expect(stack.capacity == 4)
    }

    /// A chain of `depth` layers, each moved by (1, 2) in its superlayer, a shape at every
    /// level: each shape's item is placed by the sum of the moves above it, on one thread and
    /// in pieces (which copy the frames of the path when they fork).
    @Test(arguments: [3, 40, 300])
    func deepChainsPlaceEveryLevel(depth: Int) throws {
        var scene = Scene()
        var parent = scene.root
        scene.tree[scene.root].bounds = Rect(0, 0, 100, 100)
        for _ in 0..<depth {
            var l = Layer()
            l.bounds = Rect(0, 0, 10, 10)
            l.position = Point(6, 7)
            l.content = Content(shape: .circle(cx: 1, cy: 1, r: 1))
            let id = scene.tree.make(l)
            // Two siblings at each level, so that a resolve in pieces has pieces to cut.
            let sibling = scene.tree.make(l)
            try scene.tree.addSublayer(id, to: parent)
            try scene.tree.addSublayer(sibling, to: parent)
            parent = id
        }
        for threads in [1, 2] {
            let (list, _) = DisplayList.resolve(scene, layerMaps: true, threads: threads, piecesFrom: 0)
            #expect(list.items.count == 2 * depth)
            let top = try #require(list.items.first { scene.tree.depth(of: $0.layer) == 1 })
            guard case .transformed(let a) = top.geometry else {
                Issue.record("a projected placement")
                return
            }
            for item in list.items {
                let below = Double(scene.tree.depth(of: item.layer) - 1)
                let expected = AffineTransform(1, 0, 0, 1, a.tx + below, a.ty + 2 * below)
                #expect(item.geometry == .transformed(expected), "threads \(threads)")
            }
        }
    }
}
