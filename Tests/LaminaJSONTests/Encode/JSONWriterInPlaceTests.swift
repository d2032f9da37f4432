import LaminaCore
import LaminaTestSupport
import Testing

@testable import LaminaJSON

/// A writer that writes in the room an output lends (``JSONWriter/init(inPlace:)``, the layer
/// JSON written into `AtomicOutput`'s buffers) writes exactly the bytes a writer handing out
/// pieces does, whatever the size of each room, and asks for at most what it said.
@Suite struct JSONWriterInPlaceTests {
    /// A lender over one growing array: each room is `sizes` bytes beyond the minimum asked for,
    /// in turn (so that rooms end in the middle of keys, numbers, strings and indentation).
    final class Lender {
        var bytes: [UInt8] = []
        var room = UnsafeMutableRawBufferPointer(start: nil, count: 0)
        var calls = 0
        var lastMinimum = -1
        let sizes: [Int]

        init(sizes: [Int]) { self.sizes = sizes }

        deinit { room.deallocate() }

        func lend(_ written: Int, _ minimum: Int) -> UnsafeMutableRawBufferPointer {
            #expect(written <= room.count)
            #expect(minimum <= 4096)
            bytes += room.prefix(written)
            lastMinimum = minimum
            room.deallocate()
            room = .allocate(byteCount: minimum + sizes[calls % sizes.count], alignment: 1)
            calls += 1
            return room
        }
    }

    @Test(arguments: [[0], [1, 0, 7], [300, 5, 4096], [1 << 20]])
    func inPlaceWriterWritesTheSameBytes(sizes: [Int]) {
        var handedOut: [UInt8] = []
        do {
            var w = JSONWriter(chunkSize: 4096) { handedOut.append(contentsOf: $0) }
            JSONWriterGrowingTests.write(&w)
            w.finish()
        }
        let lender = Lender(sizes: sizes)
        do {
            var w = JSONWriter(inPlace: lender.lend)
            JSONWriterGrowingTests.write(&w)
            w.finish()
        }
        #expect(lender.lastMinimum == 0)
        #expect(lender.bytes == handedOut)
        #expect(handedOut.count > 40_000)
    }

    /// The whole document (pieces of layers written on two threads, replayed into lent room)
    /// is the document ``LayerJSON/encodeBytes(_:)`` gives.
    @Test(arguments: [[0], [3, 4000]])
    func layerDocumentWrittenInPlaceIsTheSame(sizes: [Int]) {
        for scene in [SampleScenes.rich(), SampleScenes.small(), SampleScenes.chain(depth: 150)] {
            let lender = Lender(sizes: sizes)
            var split = WorkSplit(threads: 2)
            split.chunkItems = 3
            split.sequentialBelow = 0
            LayerJSON.encode(scene, split: split, inPlace: lender.lend)
            #expect(lender.bytes == LayerJSON.encodeBytes(scene, split: .sequential))
        }
    }

    /// With the chunks handed over in their own buffers (the output's writing thread writes
    /// them, not copied into the room), the document is the same, every chunk is released
    /// once, and a chunk released late keeps its bytes meanwhile.
    @Test func chunksHandedOverMakeTheSameDocument() {
        /// Chunks not yet released: where their bytes go in the document, read at the end.
        final class Taker: @unchecked Sendable {
            var late: [(at: Int, buffers: [UnsafeRawBufferPointer], release: @Sendable () -> Void)] = []
            var handedOver = 0
        }
        for scene in [SampleScenes.rich(), SampleScenes.chain(depth: 150)] {
            let lender = Lender(sizes: [3, 4000])
            let taker = Taker()
            var split = WorkSplit(threads: 2)
            split.chunkItems = 3
            split.sequentialBelow = 0
            LayerJSON.encode(scene, split: split, inPlace: lender.lend) { written, buffers, release in
                lender.bytes += lender.room.prefix(written)
                // The room lent last is given up: the next call lends new room.
                lender.room.deallocate()
                lender.room = .allocate(byteCount: 0, alignment: 1)
                taker.handedOver += 1
                // Every other chunk read and released at once; the others only at the end,
                // after later chunks were written (their buffers must not have been reused).
                if taker.handedOver % 2 == 0 {
                    for b in buffers { lender.bytes += b }
                    release()
                } else {
                    taker.late.append((lender.bytes.count, buffers, release))
                }
            }
            #expect(taker.handedOver > 2)
            for (at, buffers, release) in taker.late.reversed() {
                lender.bytes.insert(contentsOf: buffers.flatMap { Array($0) }, at: at)
                release()
            }
            #expect(lender.bytes == LayerJSON.encodeBytes(scene, split: .sequential))
        }
    }

    /// The eight-bytes-at-a-time test for bytes to escape answers as a test of each byte, on
    /// words of random bytes and of the bytes around the escaped ones.
    @Test func escapeTestOfEightBytesMatchesEachByte() {
        let near: [UInt8] = [0, 1, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xA2, 0xDC, 0xFF]
        var rng = SplitMix64(state: 5)
        var answers: Set<Bool> = []
        for _ in 0..<50_000 {
            var w: UInt64 = 0
            var expected = false
            for k in 0..<8 {
                let r = rng.next()
                let b = r % 2 == 0 ? near[Int(r / 2 % UInt64(near.count))] : UInt8(truncatingIfNeeded: r >> 8)
                expected = expected || b < 0x20 || b == 0x22 || b == 0x5C
                w |= UInt64(b) << (8 * k)
            }
            answers.insert(expected)
            #expect(JSONWriter.mustEscape(w) == expected)
        }
        #expect(answers == [true, false])
    }

    /// A byte to escape at every position of strings on either side of the short path's
    /// limit: the text is each byte escaped in turn.
    @Test func stringsEscapeEveryByteWherever() {
        for length in [1, 7, 8, 9, 16, 255, 256, 257, 300] {
            for position in Set([0, length / 2, length - 1]) {
                for special: UInt8 in [0x0A, 0x22, 0x5C, 0x01] {
                    var bytes = [UInt8](repeating: 0x61, count: length)
                    bytes[position] = special
                    let s = String(decoding: bytes, as: UTF8.self)
                    var out: [UInt8] = []
                    do {
                        var w = JSONWriter(chunkSize: 4096) { out.append(contentsOf: $0) }
                        w.string(s)
                        w.flush()
                    }
                    #expect(String(decoding: out, as: UTF8.self) == JSONWriterShortCopyTests.quoted(bytes))
                }
            }
        }
    }

    /// `"key": "value"` of two literals is the key followed by the string.
    @Test func literalStringEntryIsKeyAndString() {
        func written(_ body: (inout JSONWriter) -> Void) -> [UInt8] {
            var out: [UInt8] = []
            var w = JSONWriter(chunkSize: 4096) { out.append(contentsOf: $0) }
            w.openObject()
            body(&w)
            w.close()
            w.flush()
            return out
        }
        let literal = written {
            $0.string("rect", key: "kind")
            $0.string("polyline", key: "kind")
        }
        let plain = written {
            $0.key("kind")
            $0.string("rect")
            $0.key("kind")
            $0.string("polyline")
        }
        #expect(literal == plain)
        #expect(String(decoding: literal, as: UTF8.self) == "{\n  \"kind\": \"rect\",\n  \"kind\": \"polyline\"\n}")
    }
}
