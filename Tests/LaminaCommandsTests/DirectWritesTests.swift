import CLaminaCleanup
import Foundation
import LaminaTestSupport
import Testing

@testable import LaminaCommands

/// A large output may be written past the page cache (`DirectWrites`): whichever way each part
/// goes, through trials kept or given up and an end in the middle of one, the file holds exactly
/// the bytes written. Small trial offsets and windows stand in for the 96 MB and 32 MB of a real
/// output.
@Suite struct DirectWritesTests {
    /// Bytes that differ at every offset (a misplaced block shows).
    static func pattern(_ count: Int, seed: Int) -> [UInt8] {
        var x = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 7
        return (0..<count).map { _ in
            x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: x >> 56)
        }
    }

    /// Whether this folder's file system takes direct I/O (else every write goes through the page
    /// cache, which the tests then check instead).
    static func supportsDirectIO(in dir: URL) -> Bool {
        let probe = dir.appendingPathComponent("probe").path
        let fd = open(probe, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        defer {
            close(fd)
            unlink(probe)
        }
        return fd >= 0 && lamina_set_direct_io(fd, 1) == 0
    }

    /// Writes `bytes` in pieces of awkward sizes through a `DirectWrites` and returns the file's
    /// content and the mode it ended the last piece in (before `finish`).
    static func write(
        _ bytes: [UInt8], in dir: URL, mayGoDirect: Bool = true, firstTrial: Int, window: Int, watch: Int? = nil,
        margin: Double, timing: DirectWrites.Timing = .clock
    ) throws -> (content: [UInt8], mode: DirectWrites.Mode) {
        let path = dir.appendingPathComponent("out.bin").path
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        #expect(fd >= 0)
        var writes = DirectWrites(
            fd: fd, mayGoDirect: mayGoDirect, firstTrial: firstTrial, window: window, watch: watch ?? window,
            margin: margin, timing: timing)
        var offset = 0
        var k = 0
        let sizes = [1, 4095, 4096, 70_001, 262_144, 3, 1_048_577, 12_345]
        try bytes.withUnsafeBytes { all in
            while offset < all.count {
                let n = min(sizes[k % sizes.count], all.count - offset)
                let failure = writes.write(UnsafeRawBufferPointer(rebasing: all[offset..<(offset + n)]))
                try #require(failure == 0)
                offset += n
                k += 1
            }
        }
        let mode = writes.mode
        #expect(writes.finish() == 0)
        #expect(writes.mode == .cached)
        close(fd)
        return ([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), mode)
    }

    /// Direct I/O kept after the trial (margin 0), given up every time (margin ∞: trials at 1,
    /// 2.5 and 5.5 MB, so 5 MB end between two and 6 MB inside the third), or the output ending
    /// inside the first trial.
    @Test(arguments: [
        (0.0, 6 << 20, DirectWrites.Mode.direct),
        (Double.infinity, 5 << 20, DirectWrites.Mode.measuring),
        (Double.infinity, 6 << 20, DirectWrites.Mode.trial),
        (0.0, (1 << 20) + 300_000, DirectWrites.Mode.trial),
    ])
    func theFileHoldsExactlyTheBytesWritten(margin: Double, count: Int, expected: DirectWrites.Mode) throws {
        try TestSupport.withTemporaryDirectory { dir in
            let bytes = Self.pattern(count, seed: count)
            let (content, mode) = try Self.write(bytes, in: dir, firstTrial: 1 << 20, window: 256 << 10, margin: margin)
            #expect(content.count == bytes.count)
            #expect(content == bytes)
            #expect(mode == (Self.supportsDirectIO(in: dir) ? expected : .cached))
        }
    }

    /// A measured trial (the default margin) writes the same bytes whichever way it goes.
    @Test func aMeasuredTrialKeepsTheBytes() throws {
        try TestSupport.withTemporaryDirectory { dir in
            let bytes = Self.pattern(5 << 20, seed: 3)
            let (content, mode) = try Self.write(
                bytes, in: dir, firstTrial: 1 << 20, window: 512 << 10, margin: DirectWrites.defaultMargin)
            #expect(content == bytes)
            #expect([.direct, .measuring, .trial, .cached].contains(mode))
        }
    }

    /// The page cache is timed throughout, 256 KB at a time, and a slow piece starts a trial at
    /// the next block, which keeps direct I/O:
    /// - slow from the start (under `slowCache`): a trial before the first set at 1 MB, kept
    ///   before the end at 2 MB (the trial at 1 MB would still be on then);
    /// - the same with 4 MB trials: the trial the piece started times as many bytes as the
    ///   piece, so it is decided after the first direct write (a 4 MB one would still be on);
    /// - slow from 2 MB on, below the direct writes of the trial at 1 MB (which the page cache
    ///   won): kept before the end at 5 MB (the next trial set is at 5.5 MB);
    /// - fast throughout: no trial but those set, so the end at 5 MB is before the next.
    @Test(arguments: [
        (0, (2 << 20) - 1, 256 << 10, DirectWrites.Mode.direct),
        (0, (2 << 20) - 1, 4 << 20, DirectWrites.Mode.direct),
        (2 << 20, 5 << 20, 256 << 10, DirectWrites.Mode.direct),
        (Int.max, 5 << 20, 256 << 10, DirectWrites.Mode.measuring),
    ])
    func aSlowPageCacheStartsATrial(slowFrom: Int, count: Int, window: Int, expected: DirectWrites.Mode) throws {
        // The page cache at 2 bytes a nanosecond (0.1 from `slowFrom`), direct writes at 0.5.
        let timing = DirectWrites.Timing.given { direct, offset, count in
            direct ? UInt64(2 * count) : offset >= slowFrom ? UInt64(10 * count) : UInt64(count / 2)
        }
        try TestSupport.withTemporaryDirectory { dir in
            let bytes = Self.pattern(count, seed: 5)
            let (content, mode) = try Self.write(
                bytes, in: dir, firstTrial: 1 << 20, window: window, watch: 256 << 10,
                margin: DirectWrites.defaultMargin, timing: timing)
            #expect(content == bytes)
            #expect(mode == (Self.supportsDirectIO(in: dir) ? expected : .cached))
        }
    }

    /// Not this process's own file, or not a regular file: never direct.
    @Test func onlyARegularFileOfItsOwnGoesDirect() throws {
        try TestSupport.withTemporaryDirectory { dir in
            let bytes = Self.pattern(3 << 20, seed: 9)
            let (content, mode) = try Self.write(
                bytes, in: dir, mayGoDirect: false, firstTrial: 1 << 20, window: 256 << 10, margin: 0)
            #expect(content == bytes)
            #expect(mode == .cached)
        }
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        let writes = DirectWrites(fd: ends[1], mayGoDirect: true, firstTrial: 4096, window: 4096, margin: 0)
        #expect(writes.mode == .cached)
    }
}
