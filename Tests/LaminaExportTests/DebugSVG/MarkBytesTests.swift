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
}
