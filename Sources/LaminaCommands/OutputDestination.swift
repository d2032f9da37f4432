#if canImport(Glibc)
import Glibc
#endif

/// How an output path is written: a new file renamed over a regular file (so that a reader never
/// sees a partial one, SPEC §2), or the existing file itself when it is not a regular file.
///
/// A rename replaces whatever has the name: applied to `/dev/null`, a FIFO or a symbolic link it
/// would leave a regular file in its place (or fail, for a user who cannot write the folder).
/// So an existing device, FIFO or socket is opened and written in place, as a shell's `>` does,
/// and a link is followed to the file it names, which is replaced while the link stays.
///
///     OutputDestination(path: "out.json")    // .replace(target: "out.json")
///     OutputDestination(path: "/dev/null")   // .inPlace
///     OutputDestination(path: "latest.svg")  // a link to runs/7.svg: .replace(target: "/…/runs/7.svg")
package enum OutputDestination: Equatable, Sendable {
    /// A temporary file in `target`'s folder, renamed over `target` when complete. `target` is
    /// the path itself when nothing is there yet (a dangling link included: it is replaced),
    /// when it is a regular file, or a directory (which the rename then refuses); for a symbolic
    /// link to a file or directory it is the final target, without links.
    case replace(target: String)
    /// Opened for writing and written as it is (no temporary file, no rename): an existing
    /// character or block device, FIFO or socket, reached directly or through links.
    case inPlace

    /// The destination of `path` as it is now (`-`, standard output, is the caller's to handle).
    package init(path: String) {
        var st = stat()
        guard stat(path, &st) == 0 else {
            self = .replace(target: path)
            return
        }
        let type = st.st_mode & S_IFMT
        guard type == S_IFREG || type == S_IFDIR else {
            self = .inPlace
            return
        }
        var own = stat()
        guard lstat(path, &own) == 0, own.st_mode & S_IFMT == S_IFLNK, let real = realpath(path, nil) else {
            self = .replace(target: path)
            return
        }
        defer { free(real) }
        self = .replace(target: String(cString: real))
    }

    /// The descriptor when `path` names this process's standard output or error (`/dev/stdout`,
    /// `/dev/stderr`, `/dev/fd/N` or `/proc/self/fd/N` for N 1 or 2): written through that open
    /// file as it is, like `-`. Followed as a link, the name would reopen the file a shell
    /// redirected to: `>>` lost its append mode (the file was replaced), and a pipe or terminal
    /// was reopened instead of shared.
    package static func standardDescriptor(_ path: String) -> Int32? {
        switch path {
        case "/dev/stdout": return 1
        case "/dev/stderr": return 2
        default: break
        }
        for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
            switch path.dropFirst(prefix.count) {
            case "1": return 1
            case "2": return 2
            default: return nil
            }
        }
        return nil
    }

    /// Opens an in-place destination for writing: the descriptor, or -1 with `errno` set. Not
    /// truncated (a device or FIFO has nothing to truncate), and never made the process's
    /// controlling terminal.
    static func openInPlace(_ path: String) -> Int32 {
        open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
    }

    /// The temporary file for replacing `target`: hidden, in the same folder (a rename does not
    /// cross file systems), named after the target and this process, with `tag` between.
    /// The target's name is shortened in it when the whole would pass the file system's 255-byte
    /// limit on a name: a target named near that limit (75 CJK characters are 225 bytes) could
    /// not be written though its own name fits.
    static func temporaryPath(for target: String, tag: String) -> String {
        let parent = PathText.deletingLastComponent(target)
        let dir = parent.isEmpty ? "." : parent
        let suffix = ".\(tag)-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        var name = Substring(PathText.lastComponent(target))
        let room = max(0, nameLimit - 1 - suffix.utf8.count)
        while name.utf8.count > room { name.removeLast() }
        return dir + "/." + name + suffix
    }

    /// The longest file name (in bytes) that common file systems take (`NAME_MAX`).
    static let nameLimit = 255
}
