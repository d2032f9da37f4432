import CLaminaCleanup

#if canImport(Glibc)
import Glibc
#endif

/// The writes of one output file on the ``WriteBehind`` thread: through the page cache, or past
/// it once that is measured to be faster.
///
/// On some machines the kernel's copy of a new file's bytes into the page cache is the slowest
/// step of writing a large output: on the 2-core VM of `Docs/Performance.md` it runs at about
/// 2 GB/s for the first 64 MB and then at 0.45 GB/s (pages the host has not backed yet), where
/// direct I/O (`O_DIRECT`) reaches about 3 GB/s; writing the 968 MB JSON of a 1e6-element
/// drawing took the writing thread 1.4 s. Elsewhere (a slow disk) direct I/O is the slower one,
/// since it waits for the device. So the choice is measured on each large output: the
/// ``window`` bytes before a trial go through the page cache and are timed, the next ``window``
/// bytes are written directly (whole 4 KB blocks from an aligned staging buffer) and timed, and
/// the faster way goes on. When the page cache wins, the next trial comes at twice the offset,
/// or sooner: the page cache is timed throughout, ``watch`` bytes at a time, and a watched piece
/// slower than the last trial's direct writes (by the same margin), or before any trial slower
/// than ``slowCache``, starts a trial at the next block, compared with that piece and as long
/// (on a slow disk a trial given up costs time).
///
/// The page cache's speed changes with the machine's state and within one output. On that VM a
/// new file's pages went in at 4.4–5.4 GB/s right after a large file was deleted (its freed
/// pages taken again) and at 0.2–0.3 GB/s a few seconds later (freed pages the host had taken
/// back), against 1.2–1.5 GB/s direct; writing the 968 MB JSON of a 1e6-element drawing, the
/// windows before the trials at 96 and 256 MB ran at 3.0–4.3 GB/s and the one before the trial
/// at 578 MB at 0.4–0.5 GB/s, so most of the 290 MB between the last two went slowly.
/// An output of less than ``watch`` bytes goes through the page cache.
///
/// Direct I/O is used only on a regular file this process created (never standard output, whose
/// open file is shared with the parent). A file system without it, or a direct write that
/// fails, falls back to the page cache (the failed bytes are written again that way). The last
/// partial block always goes through the page cache. The file's bytes are the same either way.
struct DirectWrites: ~Copyable {
    /// How the bytes go to the file now.
    enum Mode: Equatable {
        /// Through the page cache, timed: the ``window`` before the next trial, and every
        /// ``watch`` bytes for a slow stretch.
        case measuring
        /// Directly, timed, for one ``window`` (one ``watch`` when a slow stretch started it).
        case trial
        /// Directly, for the rest of the output.
        case direct
        /// Through the page cache, for the rest of the output.
        case cached
    }

    /// The direct I/O block: offsets, lengths and buffer addresses are multiples of it.
    static let block = 4096
    /// Direct writes go out once this many whole blocks are staged.
    static let directWrite = 1 << 20
    /// Direct I/O must be this much faster than the page cache to be kept, by default.
    static let defaultMargin = 1.1

    /// The offset of the first trial (a multiple of ``block``).
    let firstTrial: Int
    /// The bytes timed each way before deciding (direct: ``watch`` for a trial a slow stretch
    /// started).
    let window: Int
    /// The page-cache bytes timed together to watch for a slow page cache.
    let watch: Int
    /// How much faster direct I/O must be to be kept (tests force either way with 0 and ∞).
    let margin: Double
    let fd: Int32
    private(set) var mode: Mode
    /// Bytes handed to the file so far (its offset).
    private(set) var written = 0
    /// The offset of the next trial.
    private var nextTrial: Int
    private var cachedNanos: UInt64 = 0
    private var cachedBytes = 0
    private var directNanos: UInt64 = 0
    private var directBytes = 0
    /// Block-aligned staging for direct writes (allocated with the trial).
    private var staging: UnsafeMutableRawPointer?
    private let stagingCapacity = 2 * directWrite + block
    private var staged = 0

    /// How long each write took, for the choice: measured by the clock, or (tests) made up from
    /// the way it went (direct or not), the file offset it began at and its length.
    enum Timing {
        case clock
        case given(@Sendable (_ direct: Bool, _ offset: Int, _ count: Int) -> UInt64)
    }

    private let timing: Timing
    /// The page cache's nanoseconds and bytes in the piece being watched (``endWatch()``).
    private var watchNanos: UInt64 = 0
    private var watchBytes = 0
    /// Bytes per nanosecond under which the page cache is slow before any trial: 1 GB/s. It
    /// copies a page at several GB/s when its memory is ready; slower, the kernel is waiting
    /// for something else (pages the host backs anew, or writeback).
    static let slowCache = 1.0
    /// Bytes per nanosecond of the last trial given up's direct writes (nil before one).
    private var lastDirectRate: Double?
    /// The direct bytes the next or current trial times: ``window``, or ``watch`` for a trial
    /// a slow piece started (on a slow disk a trial costs time, and the piece was as long).
    private var trialBytes: Int

    /// Writes to `fd`; direct I/O is tried only when `mayGoDirect` and `fd` is a regular file,
    /// first at offset `firstTrial` (rounded up to a block) or at the end of a slow `watch`
    /// bytes, each way timed over `window` bytes.
    init(
        fd: Int32, mayGoDirect: Bool, firstTrial: Int = 96 << 20, window: Int = 32 << 20, watch: Int = 8 << 20,
        margin: Double = defaultMargin, timing: Timing = .clock
    ) {
        self.fd = fd
        self.margin = margin
        self.timing = timing
        self.firstTrial = (max(firstTrial, window) + Self.block - 1) / Self.block * Self.block
        self.window = max(1, window)
        self.watch = max(1, watch)
        trialBytes = self.window
        nextTrial = self.firstTrial
        var st = stat()
        let regular = fstat(fd, &st) == 0 && st.st_mode & S_IFMT == S_IFREG
        mode = mayGoDirect && regular ? .measuring : .cached
    }

    deinit { staging?.deallocate() }

    /// Appends `bytes` to the file: 0, or the error number of the write that failed.
    mutating func write(_ bytes: UnsafeRawBufferPointer) -> Int32 {
        var rest = bytes
        while !rest.isEmpty {
            switch mode {
            case .measuring, .cached:
                // While measuring, stop at the trial's start so that it begins on a block.
                let n = mode == .measuring ? min(rest.count, nextTrial - written) : rest.count
                let start = Self.now()
                let failure = FileIO.writeAllError(fd: fd, UnsafeRawBufferPointer(rebasing: rest[..<n]))
                if failure != 0 { return failure }
                if mode == .measuring {
                    let took = elapsed(since: start, direct: false, count: n)
                    if written >= nextTrial - window {
                        cachedNanos += took
                        cachedBytes += n
                    }
                    watchNanos += took
                    watchBytes += n
                }
                written += n
                rest = UnsafeRawBufferPointer(rebasing: rest[n...])
                if mode == .measuring {
                    if written == nextTrial {
                        startTrial()
                    } else if watchBytes >= watch {
                        endWatch()
                    }
                }
            case .trial, .direct:
                guard let staging else { return EIO }
                let n = min(rest.count, stagingCapacity - staged)
                (staging + staged).copyMemory(from: rest.baseAddress!, byteCount: n)
                staged += n
                rest = UnsafeRawBufferPointer(rebasing: rest[n...])
                if staged >= Self.directWrite {
                    let failure = writeStaged(wholeBlocksOnly: true)
                    if failure != 0 { return failure }
                }
            }
        }
        return 0
    }

    /// Writes what is staged (the last partial block through the page cache) and leaves direct
    /// I/O: 0, or the error number of the write that failed. Later writes go through the page
    /// cache.
    mutating func finish() -> Int32 {
        var failure: Int32 = 0
        if mode == .trial || mode == .direct {
            failure = writeStaged(wholeBlocksOnly: true)
            if mode != .cached { leaveDirect() }
            if failure == 0 { failure = writeStaged(wholeBlocksOnly: false) }
        }
        mode = .cached
        return failure
    }

    /// Turns direct I/O on for a trial (or gives up on it: the rest goes through the cache).
    private mutating func startTrial() {
        guard lamina_set_direct_io(fd, 1) == 0 else {
            mode = .cached
            return
        }
        if staging == nil {
            var p: UnsafeMutableRawPointer?
            guard posix_memalign(&p, Self.block, stagingCapacity) == 0, let p else {
                _ = lamina_set_direct_io(fd, 0)
                mode = .cached
                return
            }
            staging = p
        }
        directNanos = 0
        directBytes = 0
        mode = .trial
    }

    /// Turns direct I/O off; the staged bytes are then written through the page cache.
    private mutating func leaveDirect() {
        _ = lamina_set_direct_io(fd, 0)
        mode = .cached
    }

    /// Writes the staged whole blocks (or everything staged, when not `wholeBlocksOnly`: then
    /// through the page cache) and keeps the rest staged. A failing direct write is retried
    /// through the page cache, which then writes the rest of the output.
    private mutating func writeStaged(wholeBlocksOnly: Bool) -> Int32 {
        guard let staging else { return 0 }
        let count = wholeBlocksOnly ? staged / Self.block * Self.block : staged
        guard count > 0 else { return 0 }
        let piece = UnsafeRawBufferPointer(start: staging, count: count)
        if mode == .trial || mode == .direct {
            let start = Self.now()
            if directWriteAll(piece) {
                if mode == .trial {
                    directNanos += elapsed(since: start, direct: true, count: count)
                    directBytes += count
                    if directBytes >= trialBytes { decide() }
                }
            } else {
                leaveDirect()
                // The file offset is where the failed write began only if it wrote nothing:
                // write from there again through the page cache.
                guard lseek(fd, off_t(written), SEEK_SET) >= 0 else { return errno != 0 ? errno : EIO }
                let failure = FileIO.writeAllError(fd: fd, piece)
                if failure != 0 { return failure }
            }
        } else {
            let failure = FileIO.writeAllError(fd: fd, piece)
            if failure != 0 { return failure }
        }
        written += count
        staged -= count
        if staged > 0 { staging.copyMemory(from: staging + count, byteCount: staged) }
        if (mode == .cached || mode == .measuring) && staged > 0 {
            // Direct I/O was left: what is still staged goes first, through the page cache.
            let failure = FileIO.writeAllError(fd: fd, UnsafeRawBufferPointer(start: staging, count: staged))
            if failure != 0 { return failure }
            written += staged
            staged = 0
        }
        return 0
    }

    /// Writes `piece` (whole blocks) directly; false when a write fails or comes up short by
    /// a part of a block (the caller then writes it through the page cache).
    private func directWriteAll(_ piece: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < piece.count {
            let n = pwrite(fd, piece.baseAddress! + offset, piece.count - offset, off_t(written + offset))
            if n < 0 && errno == EINTR { continue }
            if n <= 0 || n % Self.block != 0 { return false }
            offset += n
        }
        _ = lseek(fd, off_t(written + offset), SEEK_SET)
        return true
    }

    /// After a trial: keeps direct I/O when it was clearly faster than the page cache just
    /// before; else measures again, for a trial at twice the offset.
    private mutating func decide() {
        // Bytes per nanosecond each way (a way timed at zero counts as infinitely fast).
        let cachedRate = cachedNanos > 0 ? Double(cachedBytes) / Double(cachedNanos) : .infinity
        let directRate = directNanos > 0 ? Double(directBytes) / Double(directNanos) : .infinity
        let keep = margin <= 0 || (margin.isFinite && directRate >= cachedRate * margin)
        if keep {
            mode = .direct
            return
        }
        // Staged bytes are written through the page cache from now on.
        leaveDirect()
        nextTrial = max(2 * (written + staged), written + staged + 2 * window)
        nextTrial = (nextTrial + Self.block - 1) / Self.block * Self.block
        cachedNanos = 0
        cachedBytes = 0
        trialBytes = window
        lastDirectRate = directRate
        watchNanos = 0
        watchBytes = 0
        mode = .measuring
    }

    /// At the end of a watched piece of page-cache writes: when the page cache ran slower than
    /// the last trial's direct writes by the margin (before a trial: slower than ``slowCache``),
    /// a trial of as many bytes as the piece starts at the next block, compared with the piece,
    /// instead of the trial set (``window`` bytes at ``nextTrial``).
    private mutating func endWatch() {
        let nanos = watchNanos
        let bytes = watchBytes
        watchNanos = 0
        watchBytes = 0
        guard margin.isFinite, margin > 0, nanos > 0 else { return }
        let cachedRate = Double(bytes) / Double(nanos)
        guard lastDirectRate.map({ $0 >= cachedRate * margin }) ?? (cachedRate < Self.slowCache) else { return }
        cachedNanos = nanos
        cachedBytes = bytes
        trialBytes = min(watch, window)
        nextTrial = (written + Self.block - 1) / Self.block * Self.block
        if written == nextTrial { startTrial() }
    }

    /// The nanoseconds a write begun at `start` counts for: the clock's, or the ones given.
    private func elapsed(since start: UInt64, direct: Bool, count: Int) -> UInt64 {
        switch timing {
        case .clock: return Self.now() - start
        case .given(let time): return time(direct, written, count)
        }
    }

    /// A monotonic clock in nanoseconds.
    private static func now() -> UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
    }
}
