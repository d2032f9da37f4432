import Testing

@testable import LaminaJSON

/// A writer that grows its one buffer (a chunk of the layer rounds) writes exactly the bytes a
/// writer handing out pieces does, and its position counts every byte written.
@Suite struct JSONWriterGrowingTests {
    /// Entries enough to fill the first buffer several times over, a string longer than it, keys
    /// deeper than the indentation limit, numbers of every kind.
    static func write(_ w: inout JSONWriter) {
        w.openObject()
        for i in 0..<400 {
            w.key("k")
            w.openObject()
            w.number(Double(i) / 7, key: "n")
            w.key("s")
            w.string("value \(i) \"quoted\"\n")
            w.key("a")
            w.openInline()
            w.inlineNumber(-Double(i) * 1e-7, first: true)
            w.inlineNumber(.infinity)
            w.inlineString("x")
            w.closeInline()
            w.close()
        }
        w.key("long")
        w.string(String(repeating: "ab", count: 9000))
        for _ in 0..<(JSONWriter.maxIndentLevel + 5) {
            w.key("deep")
            w.openObject()
        }
        for _ in 0..<(JSONWriter.maxIndentLevel + 5) { w.close() }
        w.close()
    }

    /// The bytes of ``write(_:)`` from a writer that hands its chunks out, the reference.
    static func handedOut() -> [UInt8] {
        var out: [UInt8] = []
        do {
            var w = JSONWriter(chunkSize: 4096) { out.append(contentsOf: $0) }
            write(&w)
            w.flush()
        }
        return out
    }

    @Test(arguments: [0, 100, 4096, 100_000])
    func growingWriterWritesTheSameBytes(initialCapacity: Int) {
        let handedOut = Self.handedOut()
        var g = JSONWriter(growing: initialCapacity)
        Self.write(&g)
        #expect(g.position == handedOut.count)
        let taken = g.takeBytes()
        #expect(taken.withSlice(0..<taken.count) { Array($0) } == handedOut)
        #expect(handedOut.count > 40_000)
        // The writer goes on empty after its bytes are taken.
        #expect(g.position == 0)
        g.openObject()
        g.close()
        let again = g.takeBytes()
        #expect(again.count == 2)
        #expect(again.withSlice(0..<2) { Array($0) } == Array("{}".utf8))
    }

    /// A writer that fills its first buffer keeps it and starts another (no copy into a bigger
    /// one): the buffers in order hold the bytes; a read cursor cut at any offsets, and slices
    /// across buffers, give them back.
    @Test(arguments: [1, 7, 100, 4095, 4096, 5000, 70_000])
    func fullBuffersAreKeptInOrder(step: Int) {
        let handedOut = Self.handedOut()
        var g = JSONWriter(growing: 4096)
        Self.write(&g)
        let taken = g.takeBytes()
        #expect(taken.segments.count > 2)
        #expect(taken.segments.dropLast().allSatisfy { $0.count > 0 })
        #expect(taken.segments.reduce(0) { $0 + $1.count } == taken.count)
        #expect(taken.count == handedOut.count)
        var joined: [UInt8] = []
        var parts = 0
        var cursor = WrittenBytes.ReadCursor()
        var end = 0
        while end < taken.count {
            end = min(taken.count, end + step)
            cursor.copy(upTo: end, from: taken) {
                joined.append(contentsOf: $0)
                parts += 1
            }
            #expect(cursor.offset == end)
        }
        #expect(joined == handedOut)
        // One part per piece, and one more for each piece that crosses into another buffer.
        #expect(parts >= (taken.count + step - 1) / step)
        #expect(parts <= (taken.count + step - 1) / step + taken.segments.count - 1)
        // Slices within one buffer and across several.
        let firstEnd = taken.segments[0].count
        for range in [0..<taken.count, (firstEnd - 3)..<(firstEnd + 3), 1..<firstEnd, firstEnd..<(firstEnd + 1)] {
            #expect(taken.withSlice(range) { Array($0) } == Array(handedOut[range]))
        }
    }

    @Test func positionCountsBytesHandedOutAndPending() {
        var handedOut = 0
        var w = JSONWriter(chunkSize: 4096) { handedOut += $0.count }
        Self.write(&w)
        let position = w.position
        #expect(handedOut > 0 && handedOut < position)
        w.flush()
        #expect(handedOut == position && w.position == position)
    }
}
