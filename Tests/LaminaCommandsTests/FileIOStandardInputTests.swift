import Dispatch
import Foundation
import LaminaTestSupport
import Testing

@testable import LaminaCommands

#if canImport(Glibc)
import Glibc
#endif

/// Inputs without a size read to their end (`FileIO.readRest`: pieces joined once), and
/// standard input that is a regular file read as a named file is (`FileIO.readStandardInput`):
/// the same bytes as one `read` loop gives, and the file's offset left after them.
@Suite struct FileIOStandardInputTests {
    /// `readAll` without a size of `count` bytes written into a pipe by another thread.
    static func readThroughPipe(_ count: Int) throws -> [UInt8]? {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let (reading, writing) = (ends[0], ends[1])
        defer { close(reading) }
        let bytes = FileIOHalvesTests.bytes(count)
        let written = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = FileIO.writeAll(fd: writing, bytes)
            close(writing)
            written.signal()
        }
        defer { written.wait() }
        return FileIO.readAll(fd: reading, sizeHint: 0)
    }

    /// Around the first buffer's 64 KB and the pieces after it (64 KB, 128 KB, 256 KB, …).
    @Test(arguments: [0, 1, 65_535, 65_536, 65_537, 131_072, 196_608, 196_609, 1_000_003, 3 << 20])
    func aPipeIsReadToItsEnd(count: Int) throws {
        #expect(try Self.readThroughPipe(count) == FileIOHalvesTests.bytes(count))
    }

    /// A file that grew past the size it announced, read on one thread: the rest in pieces.
    @Test(arguments: [(100_000, 40_000), (70_000, 65_536), (1_000_000, 1)])
    func aGrownFileIsReadToItsEndOnOneThread(actual: Int, announced: Int) throws {
        try TestSupport.withTemporaryDirectory { dir in
            let path = dir.appendingPathComponent("in.bin").path
            try Data(FileIOHalvesTests.bytes(actual)).write(to: URL(fileURLWithPath: path))
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            try #require(fd >= 0)
            defer { close(fd) }
            #expect(FileIO.readAll(fd: fd, sizeHint: announced, threads: 1) == FileIOHalvesTests.bytes(actual))
        }
    }

    /// Standard input redirected from a file, read from the offset it stands at (the start, a
    /// block boundary, inside one, the end): the bytes from there, the offset then at the end.
    /// From the start, past the halves' threshold, it is read in halves.
    @Test(arguments: [(0, 1), (0, 2), (4096, 2), (12_345, 2), (-1, 2)])
    func standardInputFromAFileIsReadFromItsOffset(offset: Int, threads: Int) throws {
        let size = FileIO.halvesMinimumBytes + 54_321
        let bytes = FileIOHalvesTests.bytes(size)
        let start = offset < 0 ? size : offset
        try TestSupport.withTemporaryDirectory { dir in
            let path = dir.appendingPathComponent("in.svg").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            try #require(fd >= 0)
            defer { close(fd) }
            try #require(lseek(fd, off_t(start), SEEK_SET) == off_t(start))
            #expect(FileIO.readStandardInput(fd: fd, threads: threads) == Array(bytes[start...]))
            #expect(lseek(fd, 0, SEEK_CUR) == off_t(size))
        }
    }

    /// A pipe on standard input goes the way without a size.
    @Test func standardInputFromAPipeIsReadToItsEnd() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let bytes = FileIOHalvesTests.bytes(300_001)
        let writing = ends[1]
        let written = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = FileIO.writeAll(fd: writing, bytes)
            close(writing)
            written.signal()
        }
        let read = FileIO.readStandardInput(fd: ends[0], threads: 2)
        written.wait()
        close(ends[0])
        #expect(read == bytes)
    }
}
