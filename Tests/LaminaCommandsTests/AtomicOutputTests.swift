import Foundation
import LaminaTestSupport
import Testing

@testable import LaminaCommands

/// In-process checks of the byte I/O: `FileIO.read` and the atomic, chunked `AtomicOutput`.
@Suite struct AtomicOutputTests {
    @Test func committedPiecesReplaceTheTargetAndLeaveNoTemporaryFile() throws {
        try TestSupport.withTemporaryDirectory { dir in
            let target = dir.appendingPathComponent("out.json").path
            try Data("old".utf8).write(to: URL(fileURLWithPath: target))
            var out = try AtomicOutput(path: target)
            for piece in ["{", "\"a\": 1", "}\n"] { Array(piece.utf8).withUnsafeBytes { out.write($0) } }
            try out.commit()
            #expect(try String(contentsOfFile: target, encoding: .utf8) == "{\"a\": 1}\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.json"])
        }
    }

    @Test func anOutputDroppedBeforeCommitLeavesTheTargetUntouched() throws {
        try TestSupport.withTemporaryDirectory { dir in
            let target = dir.appendingPathComponent("out.svg").path
            try Data("keep me".utf8).write(to: URL(fileURLWithPath: target))
            do {
                var out = try AtomicOutput(path: target)
                Array("<svg".utf8).withUnsafeBytes { out.write($0) }
            }
            #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me")
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.svg"])
        }
    }

    /// Pieces of many sizes, one larger than the direct-write threshold among them, adding up
    /// to several write-behind buffers: the file holds exactly their bytes, in order.
    @Test(arguments: [false, true])
    func aLargeOutputIsWrittenWholeAndInOrder(hugePieceFirst: Bool) throws {
        try TestSupport.withTemporaryDirectory { dir in
            let target = dir.appendingPathComponent("big.json").path
            var sizes = (0..<220).map { ($0 &* 7_919) % 40_000 + 1 }
            sizes.insert(8 * WriteBehind.bufferBytes + 3, at: hugePieceFirst ? 0 : 150)
            var expected: [UInt8] = []
            var out = try AtomicOutput(path: target)
            for (k, size) in sizes.enumerated() {
                let piece = (0..<size).map { UInt8(truncatingIfNeeded: $0 &+ k &* 13) }
                expected += piece
                piece.withUnsafeBytes { out.write($0) }
            }
            #expect(expected.count > 3 * WriteBehind.bufferBytes)
            try out.commit()
            #expect(try FileIO.read(target) == expected)
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["big.json"])
        }
    }

    /// Pieces of just under a buffer (the layer JSON's), between small ones: a half-full
    /// buffer the next piece would make regrow is handed over first; the file is the same.
    @Test func piecesOfNearlyABufferAreWrittenWholeAndInOrder() throws {
        try TestSupport.withTemporaryDirectory { dir in
            let target = dir.appendingPathComponent("pieces.json").path
            let b = WriteBehind.bufferBytes
            let sizes = [b - 100, b - 100, 7, b / 2, b / 2 + 1, b - 1, 3, b, b - 100, 1]
            var expected: [UInt8] = []
            var out = try AtomicOutput(path: target)
            for (k, size) in sizes.enumerated() {
                let piece = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ k) }
                expected += piece
                piece.withUnsafeBytes { out.write($0) }
            }
            try out.commit()
            #expect(try FileIO.read(target) == expected)
        }
    }

    /// Bytes written in place in the room the output lends (the layer JSON's writer), between
    /// pieces copied in, over several buffers, with rooms asked for of every size up to a
    /// buffer: the file holds exactly those bytes, in order.
    @Test func bytesWrittenInPlaceAreWrittenWholeAndInOrder() throws {
        try TestSupport.withTemporaryDirectory { dir in
            let target = dir.appendingPathComponent("inplace.json").path
            let b = WriteBehind.bufferBytes
            var expected: [UInt8] = []
            var out = try AtomicOutput(path: target)
            var room = out.room(after: 0, minimum: 1)
            var filled = 0
            var rng = SplitMix64(state: 3)
            for k in 0..<400 {
                let size = k == 200 ? b : Int(rng.next() % 30_000)
                if k % 7 == 3 {
                    // A copied piece after what was written in place.
                    room = out.room(after: filled, minimum: 0)
                    filled = 0
                    let piece = (0..<size).map { UInt8(truncatingIfNeeded: $0 &+ k) }
                    piece.withUnsafeBytes { out.write($0) }
                    expected += piece
                    room = out.room(after: 0, minimum: 0)
                    continue
                }
                if room.count - filled < size {
                    room = out.room(after: filled, minimum: size)
                    filled = 0
                    #expect(room.count >= size)
                }
                for i in 0..<size {
                    let byte = UInt8(truncatingIfNeeded: i &* 7 &+ k)
                    room[filled + i] = byte
                    expected.append(byte)
                }
                filled += size
            }
            _ = out.room(after: filled, minimum: 0)
            #expect(expected.count > 3 * b)
            try out.commit()
            #expect(try FileIO.read(target) == expected)
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["inplace.json"])
        }
    }

    @Test func aLargeOutputDroppedBeforeCommitLeavesNothingBehind() throws {
        try TestSupport.withTemporaryDirectory { dir in
            let target = dir.appendingPathComponent("out.svg").path
            try Data("keep me".utf8).write(to: URL(fileURLWithPath: target))
            do {
                var out = try AtomicOutput(path: target)
                let piece = [UInt8](repeating: 0x41, count: 300_000)
                for _ in 0..<20 { piece.withUnsafeBytes { out.write($0) } }
            }
            #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me")
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.svg"])
        }
    }

    @Test func aFailedWriteBehindIsReportedByFinish() {
        let behind = WriteBehind(fd: -1)
        var buffer = WriteBehind.Buffer(capacity: 16)
        for _ in 0..<5 {
            [UInt8]([1, 2, 3]).withUnsafeBytes { buffer.append($0) }
            buffer = behind.submit(buffer)
            #expect(buffer.bytes.isEmpty)
        }
        #expect(behind.finish() == EBADF)
    }

    @Test func anOutputInAMissingFolderIsCannotCreate() throws {
        try TestSupport.withTemporaryDirectory { dir in
            let target = dir.appendingPathComponent("no/such/out.svg").path
            let error = #expect(throws: CommandError.self) { _ = try AtomicOutput(path: target) }
            #expect(error?.status == .cannotCreate)
            #expect(error?.description.hasPrefix("\(target): error: cannot create output: ") == true)
        }
    }

    @Test(arguments: [0, 1, 65_535, 65_536, 200_001])
    func readReturnsTheFileBytes(size: Int) throws {
        try TestSupport.withTemporaryDirectory { dir in
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let path = dir.appendingPathComponent("in.bin").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            #expect(try FileIO.read(path) == bytes)
        }
    }

    @Test func readNamesMissingFilesAndDirectories() throws {
        try TestSupport.withTemporaryDirectory { dir in
            let missing = dir.appendingPathComponent("nope.svg").path
            let noFile = #expect(throws: CommandError.self) { _ = try FileIO.read(missing) }
            #expect(noFile?.description == "\(missing): error: no such file")
            #expect(noFile?.status == .noInput)
            let isDir = #expect(throws: CommandError.self) { _ = try FileIO.read(dir.path) }
            #expect(isDir?.description == "\(dir.path): error: is a directory")
        }
    }
}
