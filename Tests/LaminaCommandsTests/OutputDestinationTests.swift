import Foundation
import LaminaTestSupport
import Testing

@testable import LaminaCommands

/// Outputs that are not regular files: a device or a FIFO is written in place (a rename would
/// replace it by a regular file), and a symbolic link's target is replaced atomically while the
/// link stays.
@Suite struct OutputDestinationTests {
    static let drawing = "<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'><rect width='5' height='5' fill='red'/></svg>"

    /// The file type bits of `path` itself (a link is not followed).
    static func type(_ path: String) -> mode_t {
        var st = stat()
        return lstat(path, &st) == 0 ? st.st_mode & S_IFMT : 0
    }

    /// Opens a reader on the FIFO `path` (without waiting for a writer) and returns everything
    /// written to it by `body`.
    static func readFIFO(_ path: String, while body: () throws -> Void) throws -> String {
        let reader = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        try #require(reader >= 0)
        defer { close(reader) }
        try body()
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(reader, &buffer, buffer.count)
            if n <= 0 { break }
            bytes += buffer[..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func aFIFOIsWrittenInPlace() throws {
        try TestSupport.withTemporaryDirectory { dir in
            let fifo = dir.appendingPathComponent("pipe.json").path
            try #require(mkfifo(fifo, 0o644) == 0)
            let received = try Self.readFIFO(fifo) {
                var out = try AtomicOutput(path: fifo)
                Array("{\"a\": 1}\n".utf8).withUnsafeBytes { out.write($0) }
                try out.commit()
            }
            #expect(received == "{\"a\": 1}\n")
            #expect(Self.type(fifo) == S_IFIFO)
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["pipe.json"])
        }
    }

    @Test func convertWritesToAFIFO() throws {
        try TestSupport.withTemporaryDirectory { dir in
            try Data(Self.drawing.utf8).write(to: dir.appendingPathComponent("in.svg"))
            let fifo = dir.appendingPathComponent("pipe.json").path
            try #require(mkfifo(fifo, 0o644) == 0)
            var run: LaminaTimedRun?
            let received = try Self.readFIFO(fifo) {
                run = try TestSupport.runLamina(["convert", "in.svg", "-o", "pipe.json"], in: dir, timeout: 30)
            }
            #expect(run?.status == 0, "\(run?.stderr ?? "")")
            #expect(received.contains("\"lamina.layers\""))
            #expect(Self.type(fifo) == S_IFIFO)
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["in.svg", "pipe.json"])
        }
    }

    /// A name of standard output writes through the open file the shell gave: `>>` appends
    /// (following `/dev/stdout` as a link replaced the redirected file), and `2>` works too.
    @Test func standardStreamNamesShareTheOpenFile() throws {
        let exe = try #require(TestSupport.laminaExecutable)
        try TestSupport.withTemporaryDirectory { dir in
            try Data(Self.drawing.utf8).write(to: dir.appendingPathComponent("in.svg"))
            for name in ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"] {
                let log = dir.appendingPathComponent("log.txt")
                try Data("before\n".utf8).write(to: log)
                let shell = Process()
                shell.executableURL = URL(fileURLWithPath: "/bin/sh")
                shell.currentDirectoryURL = dir
                shell.arguments = ["-c", "\"$0\" convert in.svg --to svg -o \(name) >> log.txt", exe.path]
                try shell.run()
                shell.waitUntilExit()
                #expect(shell.terminationStatus == 0, "\(name)")
                let text = try String(contentsOf: log, encoding: .utf8)
                #expect(text.hasPrefix("before\n<svg "), "\(name): \(text.prefix(40))")
            }
            #expect(OutputDestination.standardDescriptor("/dev/stderr") == 2)
            #expect(OutputDestination.standardDescriptor("/dev/fd/3") == nil)
            #expect(OutputDestination.standardDescriptor("/dev/stdin") == nil)
        }
    }

    /// The null device takes the output, the full one is a write error (74), and both are still
    /// devices afterwards. With the right to make device nodes (root), they are made in a
    /// temporary folder, so the system's own are never touched; without it (a user, or a
    /// container that refuses device nodes), `/dev/null` and `/dev/full` are used, which a user
    /// could not replace anyway (the old rename gave 73 there).
    @Test func aDeviceIsWrittenInPlace() throws {
        try TestSupport.withTemporaryDirectory { dir in
            try Data(Self.drawing.utf8).write(to: dir.appendingPathComponent("in.svg"))
            var null = dir.appendingPathComponent("null").path, full = dir.appendingPathComponent("full").path
            // Devices 1:3 and 1:7 (`makedev` is a C macro: major << 8 | minor for numbers this small).
            let made = getuid() == 0 && mknod(null, S_IFCHR | 0o666, 0x103) == 0 && mknod(full, S_IFCHR | 0o666, 0x107) == 0
            if !made {
                unlink(null)
                null = "/dev/null"
                full = "/dev/full"
            }
            let toNull = try TestSupport.runLamina(["convert", "in.svg", "-o", null, "--to", "json"], in: dir, timeout: 30)
            #expect(toNull.status == 0, "\(toNull.stderr)")
            let toFull = try TestSupport.runLamina(["debug", "in.svg", "-o", full], in: dir, timeout: 30)
            #expect(toFull.status == 74, "\(toFull.stderr)")
            #expect(toFull.stderr.contains("full: error: write failed: No space left on device"), "\(toFull.stderr)")
            #expect(Self.type(null) == S_IFCHR && Self.type(full) == S_IFCHR)
            let expected = made ? ["full", "in.svg", "null"] : ["in.svg"]
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == expected)
        }
    }

    /// A link in one folder to a file in another: the file gets the output (its temporary file
    /// made beside it, none left), and the link is still the same link.
    @Test func aSymbolicLinkKeepsPointingAtTheUpdatedTarget() throws {
        try TestSupport.withTemporaryDirectory { dir in
            let fm = FileManager.default
            try fm.createDirectory(at: dir.appendingPathComponent("real"), withIntermediateDirectories: true)
            try fm.createDirectory(at: dir.appendingPathComponent("links"), withIntermediateDirectories: true)
            try Data(Self.drawing.utf8).write(to: dir.appendingPathComponent("in.svg"))
            let target = dir.appendingPathComponent("real/out.json")
            try Data("old".utf8).write(to: target)
            let link = dir.appendingPathComponent("links/out.json").path
            try fm.createSymbolicLink(atPath: link, withDestinationPath: "../real/out.json")
            let run = try TestSupport.runLamina(["convert", "in.svg", "-o", "links/out.json"], in: dir, timeout: 30)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(Self.type(link) == S_IFLNK)
            #expect(try fm.destinationOfSymbolicLink(atPath: link) == "../real/out.json")
            #expect(try String(contentsOf: target, encoding: .utf8).contains("\"lamina.layers\""))
            #expect(try fm.contentsOfDirectory(atPath: dir.appendingPathComponent("real").path) == ["out.json"])
            #expect(try fm.contentsOfDirectory(atPath: dir.appendingPathComponent("links").path) == ["out.json"])
        }
    }

    /// A write that fails through a link (past the file size limit) leaves the target as it
    /// was and no temporary file beside it.
    @Test func aFailedWriteThroughALinkLeavesTheTargetUntouched() throws {
        let exe = try #require(TestSupport.laminaExecutable, "lamina executable not built")
        try TestSupport.withTemporaryDirectory { dir in
            let fm = FileManager.default
            try fm.createDirectory(at: dir.appendingPathComponent("real"), withIntermediateDirectories: true)
            var svg = "<svg xmlns='http://www.w3.org/2000/svg' width='100' height='100'>"
            for i in 0..<3_000 { svg += "<rect x='\(i % 100)' width='1.5' height='2.5'/>" }
            try Data((svg + "</svg>").utf8).write(to: dir.appendingPathComponent("in.svg"))
            try Data("keep me".utf8).write(to: dir.appendingPathComponent("real/out.json"))
            try fm.createSymbolicLink(atPath: dir.appendingPathComponent("out.json").path, withDestinationPath: "real/out.json")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -f 64; exec \"$0\" convert in.svg -o out.json 2>/dev/null", exe.path]
            process.currentDirectoryURL = dir
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 74)
            #expect(try String(contentsOf: dir.appendingPathComponent("real/out.json"), encoding: .utf8) == "keep me")
            #expect(Self.type(dir.appendingPathComponent("out.json").path) == S_IFLNK)
            #expect(try fm.contentsOfDirectory(atPath: dir.appendingPathComponent("real").path) == ["out.json"])
            #expect(try fm.contentsOfDirectory(atPath: dir.path).sorted() == ["in.svg", "out.json", "real"])
        }
    }

    /// `check --record` and `--junit` write through `CheckFiles.writeAtomically`,
    /// which treats links and FIFOs the same way.
    @Test func checkFilesFollowLinksAndWriteFIFOsInPlace() throws {
        try TestSupport.withTemporaryDirectory { dir in
            let fm = FileManager.default
            let target = dir.appendingPathComponent("report.xml")
            try Data("old".utf8).write(to: target)
            let link = dir.appendingPathComponent("link.xml")
            try fm.createSymbolicLink(atPath: link.path, withDestinationPath: "report.xml")
            try CheckFiles.writeAtomically("<testsuites/>", to: link)
            #expect(Self.type(link.path) == S_IFLNK)
            #expect(try String(contentsOf: target, encoding: .utf8) == "<testsuites/>")
            let fifo = dir.appendingPathComponent("pipe.xml")
            try #require(mkfifo(fifo.path, 0o644) == 0)
            let received = try Self.readFIFO(fifo.path) { try CheckFiles.writeAtomically("<x/>", to: fifo) }
            #expect(received == "<x/>")
            #expect(Self.type(fifo.path) == S_IFIFO)
            #expect(try fm.contentsOfDirectory(atPath: dir.path).sorted() == ["link.xml", "pipe.xml", "report.xml"])
        }
    }

    /// An output named near the 255-byte limit (here 230 bytes, and 76 CJK characters, 228
    /// bytes) is written: its temporary file's name, longer by the tag, process and random
    /// number, is shortened instead of failing with "File name too long".
    @Test(arguments: [String(repeating: "n", count: 211), String(repeating: "図", count: 70) + "n"])
    func anOutputNamedNearTheLimitIsWritten(stem: String) throws {
        try TestSupport.withTemporaryDirectory { dir in
            let golden = dir.appendingPathComponent(stem + ".expected.debug.svg")
            let temporary = OutputDestination.temporaryPath(for: golden.path, tag: "lamina-check")
            #expect(PathText.lastComponent(temporary).utf8.count <= 255)
            #expect(PathText.lastComponent(temporary).hasPrefix("." + stem.prefix(50)))
            try CheckFiles.writeAtomically("<svg/>", to: golden)
            #expect(try String(contentsOf: golden, encoding: .utf8) == "<svg/>")

            try Data(Self.drawing.utf8).write(to: dir.appendingPathComponent("in.svg"))
            let run = try TestSupport.runLamina(["convert", "in.svg", "-o", stem + ".expected.json"], in: dir)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).count == 3)
        }
    }
}
