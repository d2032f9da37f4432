#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LaminaCore
import LaminaSVGImport

#if canImport(Glibc)
import Glibc
#endif

/// Reading inputs and writing outputs: the only file access in Lamina.
package enum FileIO {
    /// Reads a file, or standard input for `-`, straight into bytes (open, fstat, read). With
    /// `threads` > 1 a large regular file is read in two halves at once
    /// (``fillInHalves(_:size:from:)``); the bytes are the same.
    package static func read(_ path: String, threads: Int = 1) throws(CommandError) -> [UInt8] {
        if path == "-" { return readStandardInput(fd: 0, threads: threads) }
        var st = stat()
        guard stat(path, &st) == 0 else { throw CommandError(.noInput, "\(path): error: no such file") }
        if st.st_mode & S_IFMT == S_IFDIR { throw CommandError(.noInput, "\(path): error: is a directory") }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw CommandError(.noInput, "\(path): error: cannot read file") }
        defer { close(fd) }
        var fst = stat()
        let hint = fstat(fd, &fst) == 0 && fst.st_mode & S_IFMT == S_IFREG ? Int(fst.st_size) : 0
        guard let bytes = readAll(fd: fd, sizeHint: hint, threads: threads) else {
            throw CommandError(.noInput, "\(path): error: cannot read file")
        }
        return bytes
    }

    /// Reads `fd` to its end; `sizeHint` (the file size, when known) sizes the buffer in one go,
    /// and with `threads` > 1 a hint of at least `halvesFrom` bytes is read in two halves at once.
    /// Past the hint (a file that grew, or no hint: a pipe) the rest is read by
    /// ``readRest(fd:after:)``.
    static func readAll(fd: Int32, sizeHint: Int, threads: Int = 1, halvesFrom: Int = halvesMinimumBytes) -> [UInt8]? {
        var ok = true
        var atEnd = false
        // The expected size read into uninitialized memory (one spare byte notices a grown file).
        let out = [UInt8](unsafeUninitializedCapacity: sizeHint > 0 ? sizeHint + 1 : 1 << 16) { buf, initialized in
            let raw = UnsafeMutableRawBufferPointer(buf)
            if threads > 1, sizeHint >= halvesFrom {
                (initialized, atEnd, ok) = fillInHalves(raw, size: sizeHint, from: fd)
            } else {
                prefault(raw)
                (initialized, atEnd, ok) = fill(raw, from: fd)
            }
        }
        guard ok else { return nil }
        return atEnd ? out : readRest(fd: fd, after: out)
    }

    /// The largest piece ``readRest(fd:after:)`` reads into.
    static let restPieceMaximum = 1 << 26

    /// `head` followed by the rest of `fd`, read to its end, or nil on an error. The rest is
    /// read into pieces of uninitialized memory, each twice the size of the one before (from
    /// `head`'s size, at most ``restPieceMaximum``), then joined once into an array of the
    /// exact size: each byte is written twice, where growing one array (zeros appended, then
    /// read over, the array copied at each doubling) wrote a 148 MB pipe's bytes about four
    /// times over into 512 MB of fresh pages.
    static func readRest(fd: Int32, after head: [UInt8]) -> [UInt8]? {
        var pieces: [[UInt8]] = []
        var total = head.count
        var size = min(max(head.count, 1 << 16), restPieceMaximum)
        var atEnd = false
        while !atEnd {
            var ok = true
            let piece = [UInt8](unsafeUninitializedCapacity: size) { buf, initialized in
                (initialized, atEnd, ok) = fill(UnsafeMutableRawBufferPointer(buf), from: fd)
            }
            guard ok else { return nil }
            if !piece.isEmpty { pieces.append(piece) }
            total += piece.count
            size = min(2 * size, restPieceMaximum)
        }
        if pieces.isEmpty { return head }
        return [UInt8](unsafeUninitializedCapacity: total) { buf, initialized in
            let raw = UnsafeMutableRawBufferPointer(buf)
            prefault(raw)
            head.withUnsafeBytes { raw.copyMemory(from: $0) }
            var at = head.count
            for piece in pieces {
                piece.withUnsafeBytes { UnsafeMutableRawBufferPointer(rebasing: raw[at...]).copyMemory(from: $0) }
                at += piece.count
            }
            initialized = total
        }
    }

    /// Reads standard input (`fd`) from where it stands to its end. A regular file
    /// (`lamina convert - < big.svg`) is read as a named one is: sized by `fstat` less its
    /// offset and backed ahead, in halves when it is read from its start (the halves `pread`
    /// from offset 0); its offset is then left after the bytes read, as `read` leaves it. Any
    /// other input (a pipe, a terminal) is read without a size. An input that cannot be read
    /// gives no bytes.
    static func readStandardInput(fd: Int32, threads: Int) -> [UInt8] {
        var st = stat()
        let at = fstat(fd, &st) == 0 && st.st_mode & S_IFMT == S_IFREG ? Int(lseek(fd, 0, SEEK_CUR)) : -1
        guard at >= 0, Int(st.st_size) > at else { return readAll(fd: fd, sizeHint: 0) ?? [] }
        guard let bytes = readAll(fd: fd, sizeHint: Int(st.st_size) - at, threads: at == 0 ? threads : 1) else { return [] }
        lseek(fd, off_t(at + bytes.count), SEEK_SET)
        return bytes
    }

    /// Asks the kernel to back a large buffer's pages before `read` fills it: one call instead of
    /// a page fault per 4 KB page as the copy first touches each (about 1 ms of the 6 ms it takes
    /// to read a 15 MB file here, 8 of 68 ms for 150 MB). The file is read, not mapped: a
    /// mapped file that shrinks while it is parsed would kill the process with `SIGBUS`.
    static func prefault(_ buffer: UnsafeMutableRawBufferPointer) {
        guard buffer.count >= 64 * 4096, let region = Prefault.pages(from: Int(bitPattern: buffer.baseAddress), length: buffer.count) else { return }
        Prefault.back([region])
    }

    /// Reads from `fd` until `buffer` is full or the input ends: the bytes read, whether the end
    /// (or an error) was met, and false on an error.
    static func fill(_ buffer: UnsafeMutableRawBufferPointer, from fd: Int32) -> (Int, atEnd: Bool, ok: Bool) {
        guard let base = buffer.baseAddress else { return (0, false, true) }
        var count = 0
        while count < buffer.count {
            let n = Glibc.read(fd, base + count, buffer.count - count)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return (count, true, n == 0) }
            count += n
        }
        return (count, false, true)
    }

    /// Writes `bytes` to `path` atomically (a temporary file in the same folder, then rename), or
    /// to standard output for `-`. On failure nothing is left behind and an existing file is
    /// untouched.
    package static func write(_ bytes: [UInt8], to path: String) throws(CommandError) {
        var output = try AtomicOutput(path: path)
        bytes.withUnsafeBytes { output.write($0) }
        try output.commit()
    }

    /// Writes `text` as UTF-8 (see ``write(_:to:)-([UInt8],_)``).
    package static func write(_ text: String, to path: String) throws(CommandError) {
        try write(Array(text.utf8), to: path)
    }

    /// Prints one line to standard error (control characters shown, see ``TerminalText``).
    package static func printError(_ line: String) {
        writeAll(fd: 2, Array((TerminalText.printable(line) + "\n").utf8))
    }

    /// Prints diagnostics to standard error, compiler style, one line each (repeats at one place
    /// collapsed, see ``collapsingRepeats(_:limit:)``).
    package static func printDiagnostics(_ diagnostics: [Diagnostic], file: String) {
        guard !diagnostics.isEmpty else { return }
        var text = ""
        for d in collapsingRepeats(diagnostics) { text += TerminalText.printable(d.formatted(defaultFile: file)) + "\n" }
        writeAll(fd: 2, Array(text.utf8))
    }

    /// The most warnings printed for one source location.
    package static let warningsPerLocation = 20

    /// `diagnostics` with at most `limit` warnings per source location, in order, then for each
    /// location that had more, one warning saying how many were left out. Copies of one element
    /// (instanced by `use` or `clip-path`) each get their own layer warnings from resolve and
    /// layout: a 37 KB file gave 62,518 such lines, 73 MB of standard error.
    package static func collapsingRepeats(_ diagnostics: [Diagnostic], limit: Int = warningsPerLocation) -> [Diagnostic] {
        guard diagnostics.count > limit else { return diagnostics }
        var shown: [SourceLocation: Int] = [:]
        var order: [SourceLocation] = []
        var out: [Diagnostic] = []
        for d in diagnostics {
            guard d.severity == .warning, let at = d.location else {
                out.append(d)
                continue
            }
            let n = shown[at, default: 0]
            if n == 0 { order.append(at) }
            shown[at] = n + 1
            if n < limit { out.append(d) }
        }
        for at in order where shown[at, default: 0] > limit {
            let more = shown[at, default: 0] - limit
            out.append(.warning("\(more) more warning\(more == 1 ? "" : "s") at this place not shown", at: at))
        }
        return out
    }

    /// Writes all of `bytes` to `fd`, retrying short writes; false on an error.
    @discardableResult
    static func writeAll(fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { writeAll(fd: fd, $0) }
    }

    /// Writes all of `buf` to `fd`, retrying short writes; false on an error.
    static func writeAll(fd: Int32, _ buf: UnsafeRawBufferPointer) -> Bool {
        writeAllError(fd: fd, buf) == 0
    }

    /// Writes all of `buf` to `fd`, retrying short writes: 0, or the error number of the write
    /// that failed (`EIO` for a write that wrote nothing without one).
    static func writeAllError(fd: Int32, _ buf: UnsafeRawBufferPointer) -> Int32 {
        guard let base = buf.baseAddress else { return 0 }
        var offset = 0
        while offset < buf.count {
            let n = Glibc.write(fd, base + offset, buf.count - offset)
            if n <= 0 {
                if n < 0 && errno == EINTR { continue }
                return n < 0 && errno != 0 ? errno : EIO
            }
            offset += n
        }
        return 0
    }

    /// The message of an error number, as `strerror` gives it.
    static func errorText(_ number: Int32) -> String {
        String(cString: strerror(number))
    }

    /// Whether standard error is an interactive terminal (for progress bars).
    package static var stderrIsTerminal: Bool { isatty(2) != 0 }
}

extension FileIO {
    /// A file's identity: its device and inode.
    package struct FileID: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64
    }

    /// The identity of the regular file at `path` (links followed), or nil when there is none:
    /// nothing there, or a directory, device or FIFO, which an output does not replace.
    package static func fileID(_ path: String) -> FileID? {
        var st = stat()
        guard stat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileID(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
    }

    /// `path` as an absolute path with `.` and `..` resolved (`URL.standardizedFileURL`).
    package static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// Whether the paths `a` and `b` name one file: the same device and inode when both are
    /// regular files (so a symbolic or hard link to the other is caught), else the same
    /// standardized path.
    package static func sameFile(_ a: String, _ b: String) -> Bool {
        if let x = fileID(a), let y = fileID(b) { return x == y }
        return standardized(a) == standardized(b)
    }

    /// Refuses an output that would overwrite the input it is made from (73): `convert` and
    /// `debug` of one file, as in a batch (`layout` may rewrite its layer JSON in place).
    /// Standard input and output are never the same file.
    package static func checkNotOverwriting(input: String, output: String) throws(CommandError) {
        guard input != "-", output != "-", sameFile(input, output) else { return }
        throw CommandError(.cannotCreate, "\(input): error: output would overwrite the input")
    }

    /// Whether `path` names an existing directory.
    package static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFDIR
    }

    /// Creates a directory and its parents if missing (``makeDirectory(_:made:)``).
    package static func makeDirectory(_ path: String) throws(CommandError) {
        var made: [String] = []
        try makeDirectory(path, made: &made)
    }

    /// Creates a directory and its parents if missing, adding each folder it makes to `made`
    /// (parents first, also when a later one fails); a failure names the folder that could not
    /// be made and the system's reason (`out/sub: error: cannot create directory: Permission denied`).
    package static func makeDirectory(_ path: String, made: inout [String]) throws(CommandError) {
        if path.isEmpty || isDirectory(path) { return }
        let parent = PathText.deletingLastComponent(path)
        if !parent.isEmpty, parent != path { try makeDirectory(parent, made: &made) }
        if mkdir(path, 0o777) == 0 {
            made.append(path)
            return
        }
        let number = errno
        if number == EEXIST, isDirectory(path) { return }  // made meanwhile by another file's job
        let reason = errorText(number == EEXIST ? ENOTDIR : number)
        throw CommandError(.cannotCreate, "\(path): error: cannot create directory: \(reason)")
    }

    /// Removes those of `folders` that are empty, the deepest first, so that a folder holding
    /// only empty folders goes too; one holding anything stays (`rmdir` refuses it).
    package static func removeEmptyDirectories(_ folders: [String]) {
        for folder in folders.sorted(by: { $0.utf8.count > $1.utf8.count }) { rmdir(folder) }
    }

    /// SVG and JSON scene files under a directory (relative paths, sorted). What `lamina check`
    /// keeps beside its scenes is not a scene: goldens (`*.expected.*`), saved actual outputs
    /// (`*.actual.*`) and `lamina-check.json` are excluded, so a folder of checked scenes
    /// converts as its scenes only. Subdirectories are searched (not those reached through a symbolic link; unreadable ones
    /// are skipped).
    package static func sceneFiles(under dir: String) -> [String] {
        var out: [String] = []
        var pending: [String] = [""]
        while let rel = pending.popLast() {
            for name in entries(of: rel.isEmpty ? dir : dir + "/" + rel) {
                let path = rel.isEmpty ? name : rel + "/" + name
                var st = stat()
                if lstat(dir + "/" + path, &st) == 0 && st.st_mode & S_IFMT == S_IFDIR { pending.append(path) }
                let lower = path.lowercased()
                guard lower.hasSuffix(".svg") || lower.hasSuffix(".json") else { continue }
                if lower.contains(".expected.") { continue }
                let base = name.lowercased()
                if base.contains(".actual.") || base == CheckConfig.fileName { continue }
                if isDirectory(dir + "/" + path) { continue }
                out.append(path)
            }
        }
        return out.sorted()
    }

    /// The names in a directory (without `.` and `..`), or none when it cannot be read.
    private static func entries(of dir: String) -> [String] {
        guard let handle = opendir(dir) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
