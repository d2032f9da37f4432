import Dispatch

#if canImport(Glibc)
import Glibc
#endif

extension FileIO {
    /// Regular files at least this large are read in two halves at once when a second thread
    /// is free: backing a buffer's pages and copying the file into them is the kernel's work on
    /// the reading thread (10 ms for 13 MB here, before anything else can start), and it splits.
    static let halvesMinimumBytes = 1 << 22

    /// Reads the `size` bytes a regular file announced into `buffer` (`size` + 1 bytes: the
    /// spare byte notices a file that grew), the second half on another thread, each half
    /// backed (`MADV_POPULATE_WRITE`) and `pread` by its own thread; then reads on from `size`
    /// as ``fill(_:from:)`` does. The bytes read, whether the end (or an error) was met, and
    /// false on an error. A file that shrank meanwhile gives the bytes before its end: those
    /// of the first half when that half came short, the second half's being past the end.
    static func fillInHalves(_ buffer: UnsafeMutableRawBufferPointer, size: Int, from fd: Int32) -> (Int, atEnd: Bool, ok: Bool) {
        guard let base = buffer.baseAddress, size > 0, buffer.count > size else { return fill(buffer, from: fd) }
        let half = (size / 2) & ~4095
        let second = SecondHalfRead(address: Int(bitPattern: base) + half, count: size - half, offset: half, fd: fd)
        DispatchQueue.global().async { second.run() }
        prefault(UnsafeMutableRawBufferPointer(start: base, count: half))
        let first = preadFully(fd, base, count: half, offset: 0)
        second.done.wait()
        // The first half's outcome decides when it came short: the end of the file is there.
        guard first.ok else { return (first.count, true, false) }
        guard first.count == half else { return (first.count, true, true) }
        guard second.ok else { return (half + second.read, true, false) }
        guard second.read == size - half else { return (half + second.read, true, true) }
        // Whole: read on from the announced end (a file grown meanwhile), as one reader would.
        guard lseek(fd, off_t(size), SEEK_SET) == off_t(size) else { return (size, true, false) }
        let rest = fill(UnsafeMutableRawBufferPointer(rebasing: buffer[size...]), from: fd)
        return (size + rest.0, rest.atEnd, rest.ok)
    }

    /// Reads `count` bytes at `offset` of `fd` into `base` (fewer at the file's end): the count
    /// read, and false on an error.
    static func preadFully(_ fd: Int32, _ base: UnsafeMutableRawPointer, count: Int, offset: Int) -> (count: Int, ok: Bool) {
        var done = 0
        while done < count {
            let n = pread(fd, base + done, count - done, off_t(offset + done))
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return (done, n == 0) }
            done += n
        }
        return (done, true)
    }
}

/// The second half of a file read in halves (``FileIO/fillInHalves(_:size:from:)``): backed and
/// read on another thread into memory the first thread owns, which waits for `done` before it
/// looks at the bytes or lets the buffer go.
private final class SecondHalfRead: @unchecked Sendable {
    let address: Int
    let count: Int
    let offset: Int
    let fd: Int32
    let done = DispatchSemaphore(value: 0)
    /// Set before `done` is signalled.
    var read = 0
    var ok = true

    init(address: Int, count: Int, offset: Int, fd: Int32) {
        self.address = address
        self.count = count
        self.offset = offset
        self.fd = fd
    }

    func run() {
        if let p = UnsafeMutableRawPointer(bitPattern: address) {
            FileIO.prefault(UnsafeMutableRawBufferPointer(start: p, count: count))
            (read, ok) = FileIO.preadFully(fd, p, count: count, offset: offset)
        }
        done.signal()
    }
}
