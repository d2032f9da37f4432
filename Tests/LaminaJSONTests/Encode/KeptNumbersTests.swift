import LaminaCore
import LaminaGeometry
import Testing

@testable import LaminaJSON

/// A head's numbers kept for its content: a kept text is copied only for the same value, and
/// is that value's text; a layer's content reads back as written whether it repeats its
/// head's numbers, differs from them, or follows a head that kept another layer's numbers.
@Suite struct KeptNumbersTests {
    /// The bytes `body` writes at a cursor (entries at level 3, first entry).
    static func written(_ body: (inout EntryCursor) -> Void) -> [UInt8] {
        let runs = EntryRuns()
        runs.prepare(upTo: 3)
        var room = [UInt8](repeating: 0xEE, count: EntryRuns.entryRoom + 4 * NumberText.maximumByteCount)
        return room.withUnsafeMutableBufferPointer { buf in
            var c = EntryCursor(p: buf.baseAddress!, runs: runs.runs(level: 3), comma: false)
            body(&c)
            return Array(buf[..<buf.baseAddress!.distance(to: c.p)])
        }
    }

    /// Kept while written: the same bytes as a number written plainly, and the kept text is
    /// the number's own (``KeptNumber/init(_:)`` too).
    @Test func keptTextsAreTheNumbersTexts() {
        for v in EntryCursorTests.values {
            var kept = KeptNumber(12.5)
            let plain = Self.written { $0.inlineNumber(v, first: true) }
            #expect(Self.written { $0.inlineNumber(v, first: true, keepingIn: &kept) } == plain, "\(v)")
            #expect(kept.bits == v.bitPattern)
            let made = KeptNumber(v)
            for k in [kept, made] {
                #expect(k.count == plain.count, "\(v)")
                #expect((0..<k.count).map { k.text[$0] } == plain, "\(v)")
            }
        }
    }

    /// `nonZero` with a kept number writes what it writes without one: for the kept value,
    /// for the next value up (prints the same or not), for its negation and for another.
    @Test func keptNumbersWriteTheSameBytes() {
        let values = EntryCursorTests.values
        for (i, v) in values.enumerated() {
            let plain = Self.written { $0.nonZero(.x, v) }
            for other in [v, v.nextUp, -v, values[(i + 1) % values.count]] {
                let kept = KeptNumber(other)
                #expect(Self.written { $0.nonZero(.x, v, as: kept) } == plain, "\(v) kept \(other)")
            }
        }
    }

    /// Rects, circles and ellipses whose content repeats their bounds and position, differs
    /// from them by a little or a lot, has zero bounds (the head keeps nothing: the numbers
    /// kept are the layer before's), or comes after a mask's head (the tail written after the
    /// mask's): each content reads back with the text of its own numbers.
    @Test(arguments: [0, 1, 3])
    func contentReadsBackItsOwnNumbers(chunk: Int) throws {
        var tree = LayerTree()
        let root = tree.make(Layer(name: "root"))
        var shapes: [(LayerID, Shape)] = []
        for i in 0..<60 {
            let x = Double(i) * 3.25 + 0.125
            let y = Double(i % 7) * 11.5 - 4
            let w = Double(i % 5) + 2.75
            let h = Double(i % 3) + 1.5
            // 0: as the head; 1: the next value up; 2: another value; 3: the layer before's.
            let mode = i % 4
            func near(_ v: Double) -> Double { mode == 1 ? v.nextUp : mode == 2 ? v + 7.5 : v }
            var l = Layer(name: "l\(i)")
            if i % 9 != 8 {
                l.bounds = Rect(x: x, y: y, width: w, height: h)
                l.position = Point(x: x + w / 2, y: y + h / 2)
            }
            let shape: Shape
            switch i % 3 {
            case 0: shape = .rect(x: near(x), y: near(y), width: near(w), height: near(h), rx: 0, ry: 0)
            case 1: shape = .circle(cx: near(x + w / 2), cy: near(y + h / 2), r: w / 2)
            default:
                let before = Double(i - 1) * 3.25 + 0.125
                shape = .ellipse(cx: mode == 3 ? before : near(x + w / 2), cy: near(y + h / 2), rx: w / 2, ry: h / 2)
            }
            l.content = Content(shape: shape)
            let id = tree.make(l)
            try tree.addSublayer(id, to: root)
            if i % 5 == 2 {
                var m = Layer(name: "m\(i)")
                m.bounds = Rect(x: 1000 + x, y: 2000 + y, width: w, height: h)
                m.position = Point(x: 3000 + x, y: 4000 + y)
                try tree.setMask(tree.make(m), of: id)
            }
            shapes.append((id, shape))
        }
        let scene = Scene(tree: tree, root: root)
        let split = chunk == 0 ? WorkSplit.sequential : LayerEncoderRoundsTests.split(chunk: chunk)
        let back = try LayerJSON.decode(LayerEncoderRoundsTests.encoded(scene, split: split), file: "kept.json")
        let read = back.tree.sublayers(of: back.root)
        try #require(read.count == shapes.count)
        func text(_ v: Double) -> String { NumberText.format(v) }
        for ((_, shape), id) in zip(shapes, read) {
            let got = try #require(back.tree[id].content?.shape)
            switch (shape, got) {
            case let (.rect(x, y, w, h, _, _), .rect(gx, gy, gw, gh, _, _)):
                #expect([gx, gy, gw, gh].map(text) == [x, y, w, h].map(text))
            case let (.circle(cx, cy, r), .circle(gx, gy, gr)):
                #expect([gx, gy, gr].map(text) == [cx, cy, r].map(text))
            case let (.ellipse(cx, cy, rx, ry), .ellipse(gx, gy, grx, gry)):
                #expect([gx, gy, grx, gry].map(text) == [cx, cy, rx, ry].map(text))
            default:
                Issue.record("\(shape) read back as \(got)")
            }
        }
    }
}
