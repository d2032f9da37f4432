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
        /// The path that could not be written and why.
        package var description: String
    }

    /// The bytes of the file at `url`, or `nil` when it is missing or unreadable.
    package static func read(_ url: URL) -> [UInt8]? {
        FileManager.default.contents(atPath: url.path).map { [UInt8]($0) }
    }

    /// Writes `bytes` to `url` through a temporary file in the same folder and a rename, so a
    /// reader never sees a partial file and a failure leaves the old file untouched.
    package static func writeAtomically(_ bytes: [UInt8], to url: URL) throws(WriteError) {
        let path = url.path
        let dir = url.deletingLastPathComponent().path
        let tmp = dir + "/.\(url.lastPathComponent).lamina-check-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        // Removed by a signal that ends the process before the rename (see AtomicOutput).
        var cleanupSlot: Int32 = -1
        let fd = lamina_cleanup_create(tmp, &cleanupSlot)
        guard fd >= 0 else { throw WriteError(description: "\(path): cannot create: \(reason())") }
        defer { lamina_cleanup_unregister(cleanupSlot) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buf in
                write(fd, buf.baseAddress.map { $0 + offset }, bytes.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                let why = reason()
                close(fd)
                unlink(tmp)
                throw WriteError(description: "\(path): cannot write: \(why)")
            }
            offset += written
        }
        guard close(fd) == 0 else {
            let why = reason()
            unlink(tmp)
            throw WriteError(description: "\(path): cannot write: \(why)")
        }
        guard rename(tmp, path) == 0 else {
            let why = reason()
            unlink(tmp)
            throw WriteError(description: "\(path): cannot replace: \(why)")
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
            throw WriteError(description: "\(url.path): cannot create directory")
        }
    }

    private static func reason() -> String {
        String(cString: strerror(errno))
    }
}
