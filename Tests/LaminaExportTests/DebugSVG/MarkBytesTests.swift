import LaminaGeometry
import Testing

@testable import LaminaExport

/// The overlay's byte buffer: its bytes come out whole however it grew, and a buffer used again
/// after `finish()` (which frees its memory) starts afresh.
@Suite struct MarkBytesTests {
    @Test(arguments: [0, 1, 255, 256, 257, 5_000])
    func bytesSurviveGrowthAndReuseAfterFinish(_ n: Int) {
        var sink = MarkBytes(capacity: 1)
        let bytes = (0..<n).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        for (k, b) in bytes.enumerated() {
            if k % 3 == 0 { sink.append(b) } else { [b].withUnsafeBufferPointer { sink.appendBytes($0) } }
        }
        #expect(sink.finish() == bytes)
        #expect(sink.finish().isEmpty)
        bytes.withUnsafeBufferPointer { sink.appendBytes($0) }
        sink.append(7)
        #expect(sink.finish() == bytes + [7])
    }

    /// Numbers are written straight into the buffer, as ``NumberText`` spells them, also where
    /// the buffer must grow for them and after `finish()`.
    @Test func numbersAreWrittenAsNumberTextSpellsThem() {
        let values: [Double] = [0, -0.5, 1e-7, 123456.789, -9_007_199_254_740_991, 1.5e300, .infinity, .nan, 2.0 / 3.0]
        var sink = MarkBytes(capacity: 1)
        var expected: [UInt8] = []
        for round in 0..<40 {
            for v in values {
                sink.appendNumber(v)
                expected += Array(NumberText.format(v).utf8)
            }
            if round == 20 {
                #expect(sink.finish() == expected)
                expected = []
            }
        }
        #expect(sink.finish() == expected)
    }
}
