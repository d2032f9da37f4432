import CLaminaCleanup
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// File access for `lamina check`: reading goldens and writing files atomically.
package enum CheckFiles {
    /// A failed write, with the OS's reason.
    package struct WriteError: Error, Sendable, CustomStringConvertible {
        /// The file that could not be written, as the user named it (relative stays relative).
        package var file: String
        /// What failed and why (`cannot create: No such file or directory`).
        package var problem: String

        /// `FILE: PROBLEM`.
        package var description: String { "\(file): \(problem)" }
    }

    /// The bytes of the file at `url`, or `nil` when it is missing or unreadable (read straight
    /// into bytes by ``FileIO/read(_:)``: `FileManager` reads into `Data` first, a second copy
    /// that took a fifth of checking a 3 MB drawing's 20 MB of goldens).
    package static func read(_ url: URL) -> [UInt8]? {
        try? FileIO.read(url.path)
    }

    /// Whether a regular file is at `url` (a golden to compare with).
    package static func isFile(_ url: URL) -> Bool {
        var st = stat()
        return stat(url.path, &st) == 0 && st.st_mode & S_IFMT == S_IFREG
    }

    /// Whether the file at `url` holds exactly `bytes`: true or false, or nil when it cannot be
    /// read. The file is compared in pieces through one small buffer, never read whole: a
    /// golden that matches (the usual case) then costs no memory, where reading it whole cost
    /// a page fault per 4 KB.
    package static func holds(_ url: URL, bytes: [UInt8]) -> Bool? {
        holds(url, pieces: [bytes[...]])
    }

    /// ``holds(_:bytes:)`` of the bytes of `pieces` in order.
    package static func holds(_ url: URL, pieces: [ArraySlice<UInt8>]) -> Bool? {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return nil }
        let total = pieces.reduce(0) { $0 + $1.count }
        if Int(st.st_size) != total { return false }
        let chunk = min(max(total, 1), 1 << 20)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        for piece in pieces {
            let same = piece.withUnsafeBytes { expected -> Bool? in
                var offset = 0
                while offset < expected.count {
                    let want = min(chunk, expected.count - offset)
                    let (n, _, ok) = FileIO.fill(UnsafeMutableRawBufferPointer(rebasing: buffer[..<want]), from: fd)
                    guard ok else { return nil }
                    // A file shorter than `fstat` said ends early.
                    guard n == want, memcmp(buffer.baseAddress!, expected.baseAddress! + offset, n) == 0 else { return false }
                    offset += n
                }
                return true
            }
            if same != true { return same }
        }
        // A file grown since `fstat` has more to read.
        let (n, _, ok) = FileIO.fill(UnsafeMutableRawBufferPointer(rebasing: buffer[..<1]), from: fd)
        guard ok else { return nil }
        return n == 0
    }

    /// Whether two byte arrays are equal (one `memcmp`; `==` compares them element by element).
    package static func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
        }
    }

    /// Writes `bytes` to `url` through a temporary file in the same folder and a rename, so a
    /// reader never sees a partial file and a failure leaves the old file untouched. As for
    /// every output (``OutputDestination``), a symbolic link's target is the file replaced, and
    /// an existing device or FIFO (`--junit /dev/stdout`) is written in place.
    package static func writeAtomically(_ bytes: [UInt8], to url: URL) throws(WriteError) {
        try writeAtomically(pieces: [bytes[...]], to: url)
    }

    /// ``writeAtomically(_:to:)`` of the bytes of `pieces` in order.
    package static func writeAtomically(pieces: [ArraySlice<UInt8>], to url: URL) throws(WriteError) {
        let path = url.path
        let file = url.relativePath
        let fd: Int32
        // The temporary file and the file it replaces (nil when written in place).
        let replacing: (temporary: String, target: String)?
        // Removed by a signal that ends the process before the rename (see AtomicOutput).
        var cleanupSlot: Int32 = -1
        switch OutputDestination(path: path) {
        case .inPlace:
            fd = OutputDestination.openInPlace(path)
            replacing = nil
        case .replace(let target):
            let tmp = OutputDestination.temporaryPath(for: target, tag: "lamina-check")
            fd = lamina_cleanup_create(tmp, &cleanupSlot)
            replacing = (tmp, target)
        }
        guard fd >= 0 else { throw WriteError(file: file, problem: "cannot create: \(reason())") }
        defer { lamina_cleanup_unregister(cleanupSlot) }
        for bytes in pieces {
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes { buf in
                    write(fd, buf.baseAddress.map { $0 + offset }, bytes.count - offset)
                }
                if written < 0 {
                    if errno == EINTR { continue }
                    let why = reason()
                    close(fd)
                    if let replacing { unlink(replacing.temporary) }
                    throw WriteError(file: file, problem: "cannot write: \(why)")
                }
                offset += written
            }
        }
        guard close(fd) == 0 else {
            let why = reason()
            if let replacing { unlink(replacing.temporary) }
            throw WriteError(file: file, problem: "cannot write: \(why)")
        }
        guard let replacing else { return }
        guard rename(replacing.temporary, replacing.target) == 0 else {
            let why = reason()
            unlink(replacing.temporary)
            throw WriteError(file: file, problem: "cannot replace: \(why)")
        }
    }

    /// Writes `text` atomically as UTF-8.
    package static func writeAtomically(_ text: String, to url: URL) throws(WriteError) {
        try writeAtomically(Array(text.utf8), to: url)
    }

    /// Removes the file at `url` if it exists, ignoring failures.
    static func removeIfPresent(_ url: URL) {
        unlink(url.path)
    }

    /// Creates `url` and its parents as directories if needed.
    static func makeDirectory(_ url: URL) throws(WriteError) {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw WriteError(file: url.relativePath, problem: "cannot create directory")
        }
    }

    private static func reason() -> String {
        String(cString: strerror(errno))
    }
}
