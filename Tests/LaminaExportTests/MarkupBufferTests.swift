import LaminaCore
import LaminaGeometry
import Testing

@testable import LaminaExport

/// Markup written in place into a ``MarkupBuffer`` is byte for byte what the same calls append
/// to an array, also when it outgrows the buffer's first capacity in the middle of a call.
@Suite struct MarkupBufferTests {
    /// Every kind of write: literals, numbers (slow spellings too), escaped and checked
    /// values, transforms (identity left out), points past one staging round, shapes and paint.
    static func write(_ out: inout some MarkupOutput, round: Int) {
        SVGMarkup.lit("<g", to: &out)
        SVGMarkup.attr("opacity", 0.25 + Double(round) / 1e7, to: &out)
        SVGMarkup.attr("x", .infinity, to: &out)
        SVGMarkup.attr("data", "a<b & \"c\" \u{01}", to: &out)
        SVGMarkup.attr(dynamic: "data-\(round)", "v\(round)", to: &out)
        SVGMarkup.attr("href", "javascript:alert(1)", to: &out)
        SVGMarkup.generatedURLAttr("clip-path", id: "lamina-clip-\(round)", to: &out)
        SVGMarkup.transformAttribute(.identity, to: &out)
        SVGMarkup.transformAttribute(AffineTransform(a: 1, b: 0.5, c: -0.5, d: 1, tx: 1e20, ty: -3), to: &out)
        SVGMarkup.styleAttribute([StyleProperty("mix-blend-mode", "multiply")], to: &out)
        SVGMarkup.lit(">\n", to: &out)
        let pts = (0..<(round * 40)).map { Point(Double($0) * 1.5, -Double($0) / 3) }
        _ = SVGMarkup.openShape(.polygon(pts), to: &out)
        _ = SVGMarkup.openShape(.rect(x: 1, y: 2, width: 3, height: 4, rx: 0.5, ry: 0), to: &out)
        _ = SVGMarkup.openShape(.path(String(repeating: "M0 0L1 1", count: round * 20)), to: &out)
        var c = Content(shape: .circle(cx: 1, cy: 2, r: 3))
        c.fill = .ref("g\(round)", fallback: "red")
        c.stroke = .color("#123456")
        c.strokeWidth = 0.99999994
        c.strokeDasharray = [1, 2.5]
        c.extra = [StyleProperty("paint-order", "stroke"), StyleProperty("data-k", "\(round)")]
        withUnsafePointer(to: c) { SVGMarkup.paintAttributes($0, to: &out) }
        SVGMarkup.number(-0.0000004, to: &out)
        SVGMarkup.raw("é\n", to: &out)
    }

    @Test(arguments: [0, 1, 300, 100_000])
    func writesTheBytesAnArrayGets(capacity: Int) {
        var array: [UInt8] = []
        var buffer = MarkupBuffer(capacity: capacity)
        defer { buffer.release() }
        for round in 0..<60 {
            Self.write(&array, round: round)
            Self.write(&buffer, round: round)
            #expect(Array(buffer.bytes) == array, "round \(round)")
        }
        #expect(array.count > 100_000)
    }

    /// Growth by `realloc` (a block past the allocator's mmap threshold is moved, not copied)
    /// keeps every byte written before it, through several doublings from 256 bytes to
    /// megabytes, by each kind of write.
    @Test func keepsItsBytesThroughGrowthPastMegabytes() {
        var array: [UInt8] = []
        var buffer = MarkupBuffer(capacity: 0)
        defer { buffer.release() }
        var k = 0
        while array.count < 5_000_000 {
            let n = (k * 7919) % 40_000
            let block = (0..<n).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ k) }
            block.withUnsafeBufferPointer { buffer.putBytes($0) }
            array += block
            buffer.putByte(UInt8(truncatingIfNeeded: k))
            array.append(UInt8(truncatingIfNeeded: k))
            let room = 1 + k % 300
            buffer.withPutRoom(room) { p in
                for j in 0..<room { p[j] = UInt8(truncatingIfNeeded: j ^ k) }
                return room
            }
            array += (0..<room).map { UInt8(truncatingIfNeeded: $0 ^ k) }
            k += 1
        }
        #expect(buffer.count == array.count)
        #expect(Array(buffer.bytes) == array)
    }

    @Test func startsEmpty() {
        let buffer = MarkupBuffer(capacity: 10)
        defer { buffer.release() }
        #expect(buffer.count == 0 && buffer.bytes.isEmpty)
    }
}

/// The flattened body's chunk buffers are reused (``MarkupBuffers``): a buffer handed back is
/// emptied and handed out again, with room for what is asked.
@Suite struct MarkupBuffersTests {
    @Test func aBufferGivenBackIsTakenAgainEmpty() {
        let buffers = MarkupBuffers()
        var a = buffers.take(capacity: 1000)
        MarkupBufferTests.write(&a, round: 3)
        let address = a.base
        let written = a.count
        #expect(written > 0)
        buffers.give(a)
        // The same memory, nothing in it, and what is written now is all it holds.
        var b = buffers.take(capacity: 500)
        #expect(b.base == address && b.count == 0)
        var array: [UInt8] = []
        MarkupBufferTests.write(&b, round: 1)
        MarkupBufferTests.write(&array, round: 1)
        #expect(Array(b.bytes) == array)
        buffers.give(b)
        // A request for more than the kept buffer's room gets that room.
        var c = buffers.take(capacity: 1 << 20)
        #expect(c.count == 0)
        var big: [UInt8] = []
        for round in 0..<40 {
            MarkupBufferTests.write(&c, round: round)
            MarkupBufferTests.write(&big, round: round)
        }
        #expect(Array(c.bytes) == big)
        buffers.give(c)
        // Two taken at once are two buffers; the new one has the room the kept one grew to
        // (so that it does not grow, by a copy, the same way).
        let d = buffers.take(capacity: 10)
        let e = buffers.take(capacity: 10)
        #expect(d.base != e.base)
        #expect(d.room >= 1 << 20 && e.room == d.room)
        buffers.give(d)
        buffers.give(e)
    }
}
