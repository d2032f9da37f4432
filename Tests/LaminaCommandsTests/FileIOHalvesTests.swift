import Foundation
import LaminaTestSupport
import Testing

@testable import LaminaCommands

#if canImport(Glibc)
import Glibc
#endif

/// A large file read in two halves at once (`FileIO.fillInHalves`) gives the bytes one read
/// gives, also when the file is not the size it announced: grown (more bytes than the size
/// read, found past the spare byte) or shrunk (the end inside the first or the second half).
@Suite struct FileIOHalvesTests {
    static func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ $0 >> 9 &+ 3) }
    }

    /// `readAll` of a file holding `actual` bytes that announced `announced`, in halves.
    static func readInHalves(actual: Int, announced: Int) throws -> [UInt8]? {
        try TestSupport.withTemporaryDirectory { dir in
            let path = dir.appendingPathComponent("in.bin").path
            try Data(bytes(actual)).write(to: URL(fileURLWithPath: path))
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            try #require(fd >= 0)
            defer { close(fd) }
            return FileIO.readAll(fd: fd, sizeHint: announced, threads: 2, halvesFrom: 0)
        }
    }

    @Test(arguments: [1, 4095, 4096, 8191, 8192, 8193, 200_001, 1_048_576])
    func halvesGiveTheFileBytes(size: Int) throws {
        #expect(try Self.readInHalves(actual: size, announced: size) == Self.bytes(size))
    }

    /// A file that grew after its size was taken is read to its new end.
    @Test(arguments: [(100_000, 40_000), (1_000_000, 999_999), (300_000, 8_192), (70_000, 65_536)])
    func aFileThatGrewIsReadToItsEnd(actual: Int, announced: Int) throws {
        #expect(try Self.readInHalves(actual: actual, announced: announced) == Self.bytes(actual))
    }

    /// A file that shrank ends where it ends now, in the first half or the second.
    @Test(arguments: [(10_000, 100_000), (0, 100_000), (60_000, 100_000), (99_999, 100_000), (49_152, 100_000)])
    func aFileThatShrankEndsAtItsEnd(actual: Int, announced: Int) throws {
        #expect(try Self.readInHalves(actual: actual, announced: announced) == Self.bytes(actual))
    }

    /// `FileIO.read` with two threads reads a file past the threshold in halves, the same bytes.
    @Test func aLargeFileReadWithTwoThreads() throws {
        let size = FileIO.halvesMinimumBytes + 12_345
        try TestSupport.withTemporaryDirectory { dir in
            let path = dir.appendingPathComponent("big.svg").path
            let expected = Self.bytes(size)
            try Data(expected).write(to: URL(fileURLWithPath: path))
            #expect(try FileIO.read(path, threads: 2) == expected)
            #expect(try FileIO.read(path, threads: 1) == expected)
        }
    }
}
