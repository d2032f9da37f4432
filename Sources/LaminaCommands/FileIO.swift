import Foundation
import LaminaCore

#if canImport(Glibc)
import Glibc
#endif

/// Reading inputs and writing outputs: the only file access in Lamina.
package enum FileIO {
    /// Reads a file, or standard input for `-`.
    package static func read(_ path: String) throws(CommandError) -> [UInt8] {
        if path == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            return [UInt8](data)
        }
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
            throw CommandError(.noInput, "\(path): error: no such file")
        }
        if isDir.boolValue { throw CommandError(.noInput, "\(path): error: is a directory") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandError(.noInput, "\(path): error: cannot read file")
        }
        return [UInt8](data)
    }

    /// Writes `text` to `path` atomically (a temporary file in the same folder, then rename), or
    /// to standard output for `-`. On failure nothing is left behind and an existing file is
    /// untouched.
    package static func write(_ text: String, to path: String) throws(CommandError) {
        if path == "-" {
            FileHandle.standardOutput.write(Data(text.utf8))
            return
        }
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path
        let tmp = dir + "/.\(url.lastPathComponent).lamina-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw CommandError(.cannotCreate, "\(path): error: cannot create output: \(String(cString: strerror(errno)))")
        }
        var ok = true
        var utf8 = Array(text.utf8)
        utf8.withUnsafeMutableBytes { buf in
            var offset = 0
            while offset < buf.count {
                let n = Glibc.write(fd, buf.baseAddress.map { $0 + offset }, buf.count - offset)
                if n <= 0 {
                    if n < 0 && errno == EINTR { continue }
                    ok = false
                    break
                }
                offset += n
            }
        }
        if close(fd) != 0 { ok = false }
        guard ok else {
            unlink(tmp)
            throw CommandError(.ioError, "\(path): error: write failed")
        }
        guard rename(tmp, path) == 0 else {
            let message = String(cString: strerror(errno))
            unlink(tmp)
            throw CommandError(.cannotCreate, "\(path): error: cannot create output: \(message)")
        }
    }

    /// Prints one line to standard error.
    package static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Prints diagnostics to standard error, compiler style.
    package static func printDiagnostics(_ diagnostics: [Diagnostic], file: String) {
        guard !diagnostics.isEmpty else { return }
        var text = ""
        for d in diagnostics { text += d.formatted(defaultFile: file) + "\n" }
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Whether standard error is an interactive terminal (for progress bars).
    package static var stderrIsTerminal: Bool { isatty(2) != 0 }
}

extension FileIO {
    /// Whether `path` names an existing directory.
    package static func isDirectory(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
    }

    /// Creates a directory and its parents if missing.
    package static func makeDirectory(_ path: String) throws(CommandError) {
        if path.isEmpty || isDirectory(path) { return }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw CommandError(.cannotCreate, "\(path): error: cannot create directory")
        }
    }

    /// SVG and JSON scene files under a directory (relative paths, sorted), goldens excluded.
    package static func sceneFiles(under dir: String) -> [String] {
        guard let e = FileManager.default.enumerator(atPath: dir) else { return [] }
        var out: [String] = []
        while let rel = e.nextObject() as? String {
            let lower = rel.lowercased()
            guard lower.hasSuffix(".svg") || lower.hasSuffix(".json") else { continue }
            if lower.contains(".expected.") { continue }
            if isDirectory(dir + "/" + rel) { continue }
            out.append(rel)
        }
        return out.sorted()
    }
}
