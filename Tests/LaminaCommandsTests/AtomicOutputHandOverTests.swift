import Foundation
import LaminaTestSupport
import Synchronization
import Testing

@testable import LaminaCommands

/// Buffers handed to `AtomicOutput` whole (the layer JSON's chunks, written by the output's
/// writing thread without a copy) land in order after the bytes written in place before them,
/// and each is released exactly once, whether the writes succeed, fail or the output is dropped.
@Suite struct AtomicOutputHandOverTests {
    /// Counts the releases, from whatever thread calls them.
    final class Releases: Sendable {
        let count = Mutex(0)
        func release() { count.withLock { $0 += 1 } }
        var total: Int { count.withLock { $0 } }
    }

    /// Writes bytes in place and hands over buffers of many sizes (none, one byte, more than a
    /// write-behind buffer, several at once) in turn; returns the bytes in order and the
    /// buffers handed over (kept alive until the output is done with them).
    static func write(
        _ out: inout AtomicOutput, releases: Releases
    ) -> (expected: [UInt8], handedOver: Int, keep: [[UInt8]]) {
        var expected: [UInt8] = []
        var keep: [[UInt8]] = []
        var handedOver = 0
        var rng = SplitMix64(state: 11)
        var room = out.room(after: 0, minimum: 1)
        var filled = 0
        for k in 0..<120 {
            let size = Int(rng.next() % 20_000)
            if room.count - filled < size {
                room = out.room(after: filled, minimum: size)
                filled = 0
            }
            for i in 0..<size {
                room[filled + i] = UInt8(truncatingIfNeeded: i &+ k)
                expected.append(UInt8(truncatingIfNeeded: i &+ k))
            }
            filled += size
            if k % 3 == 1 {
                let sizes = k == 40 ? [WriteBehind.bufferBytes + 5, 0, 3] : [Int(rng.next() % 300_000), k % 2]
                let pieces = sizes.enumerated().map { j, n in (0..<n).map { UInt8(truncatingIfNeeded: $0 &* 3 &+ j &+ k) } }
                keep += pieces
                let buffers = pieces.map { p in p.withUnsafeBytes { UnsafeRawBufferPointer(start: $0.baseAddress, count: $0.count) } }
                out.handOver(written: filled, buffers, release: releases.release)
                handedOver += 1
                for p in pieces { expected += p }
                filled = 0
                room = out.room(after: 0, minimum: 1)
            }
        }
        _ = out.room(after: filled, minimum: 0)
        return (expected, handedOver, keep)
    }

    @Test func handedOverBuffersFollowTheBytesBeforeThemInOrder() throws {
        try TestSupport.withTemporaryDirectory { dir in
            let target = dir.appendingPathComponent("chunks.json").path
            let releases = Releases()
            var out = try AtomicOutput(path: target)
            let (expected, handedOver, keep) = Self.write(&out, releases: releases)
            try out.commit()
            withExtendedLifetime(keep) {}
            #expect(releases.total == handedOver)
            #expect(expected.count > 4 * WriteBehind.bufferBytes)
            #expect(try FileIO.read(target) == expected)
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["chunks.json"])
        }
    }

    /// Writes to a full device fail: the failure is reported by the commit, and every buffer
    /// handed over, before or after the failure, is released.
    @Test func handedOverBuffersAreReleasedWhenWritesFail() throws {
        let releases = Releases()
        var out = try AtomicOutput(path: "/dev/full")
        let (_, handedOver, keep) = Self.write(&out, releases: releases)
        var failed: CommandError?
        do { try out.commit() } catch { failed = error }
        #expect(failed?.status == .ioError)
        withExtendedLifetime(keep) {}
        #expect(releases.total == handedOver)
    }

    @Test func anOutputDroppedWithHandedOverBuffersLeavesNothingBehind() throws {
        try TestSupport.withTemporaryDirectory { dir in
            let target = dir.appendingPathComponent("out.json").path
            try Data("keep me".utf8).write(to: URL(fileURLWithPath: target))
            let releases = Releases()
            var handedOver = 0
            var keep: [[UInt8]] = []
            do {
                var out = try AtomicOutput(path: target)
                (_, handedOver, keep) = Self.write(&out, releases: releases)
            }
            withExtendedLifetime(keep) {}
            #expect(releases.total == handedOver)
            #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me")
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.json"])
        }
    }
}
