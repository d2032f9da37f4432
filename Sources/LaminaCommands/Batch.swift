#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LaminaCore

#if canImport(Glibc)
import Glibc
#endif

/// A batch conversion: many inputs, bounded parallelism, results reported in input order.
struct Batch: Sendable {
    var inputs: [String]
    var outputDir: String
    var format: OutputFormat
    var options: Pipeline.Options
    var jobs: Int

    /// One converted file: what to print and its status.
    struct Outcome: Sendable {
        var messages: [String]
        var status: ExitStatus
    }

    /// Expands directories into the SVG and JSON files under them (sorted), keeping the path
    /// relative to the directory for the output name.
    func expand() -> (files: [(path: String, relative: String)], errors: [String]) {
        var files: [(String, String)] = []
        var errors: [String] = []
        for input in inputs {
            if FileIO.isDirectory(input) {
                let found = FileIO.sceneFiles(under: input)
                if found.isEmpty { errors.append("\(input): error: no .svg or .json files found") }
                for rel in found { files.append((input + "/" + rel, rel)) }
            } else {
                files.append((input, PathText.lastComponent(input)))
            }
        }
        return (files, errors)
    }

    func outputPath(for relative: String) -> String {
        var base = relative
        let lower = relative.lowercased()
        // Found in any case (`ICON.SVG`, `a.Svg`: ``FileIO/sceneFiles(under:)``), replaced in any.
        for ext in [".svg", ".json"] where lower.hasSuffix(ext) {
            base.removeLast(ext.count)
            break
        }
        return outputDir + "/" + base + "." + format.fileExtension
    }

    /// The files that must not be converted, each with its error (73), decided before any is:
    /// one whose output would replace an input of the batch (its own, or another's: `a.json`
    /// beside `a.svg` converted into their own folder), and one whose output is already the
    /// output of an earlier file (`left/icon.svg` and `right/icon.svg` named together, or
    /// `x.svg` beside `x.json`), which keeps it. So the outputs never depend on which file
    /// finishes last. Outputs are compared as standardized paths; inputs as files
    /// (``FileIO/sameFile(_:_:)``), so that a link to an input is caught too.
    func refusals(_ files: [(path: String, relative: String)]) -> [Int: Outcome] {
        var inputs: [FileIO.FileID: String] = [:]
        for file in files where file.path != "-" {
            if let id = FileIO.fileID(file.path), inputs[id] == nil { inputs[id] = file.path }
        }
        var claimed: [String: String] = [:]
        var refused: [Int: Outcome] = [:]
        for (i, file) in files.enumerated() {
            let out = outputPath(for: file.relative)
            let key = FileIO.standardized(out)
            let message: String
            if file.path != "-" && FileIO.sameFile(out, file.path) {
                message = "output would overwrite the input"
            } else if let id = FileIO.fileID(out), let other = inputs[id] {
                message = "output '\(out)' would overwrite the input '\(other)'"
            } else if let first = claimed[key] {
                message = "output '\(out)' is also the output of '\(first)'"
            } else {
                claimed[key] = file.path
                continue
            }
            refused[i] = Outcome(messages: ["\(file.path): error: \(message)"], status: .cannotCreate)
        }
        return refused
    }

    /// Converts one file of the batch to its output (checked by ``refusals(_:)`` first).
    func convert(_ input: String, relative: String) -> Outcome {
        let out = outputPath(for: relative)
        do throws(CommandError) {
            let bytes = try FileIO.read(input, threads: options.split.threads)
            let (output, diagnostics) = try Pipeline.run(bytes, file: input, as: format, options: options)
            let dir = PathText.deletingLastComponent(out)
            try FileIO.makeDirectory(dir)
            try FileIO.write(output, to: out)
            return Outcome(messages: diagnostics.map { $0.formatted(defaultFile: input) }, status: .success)
        } catch {
            return Outcome(messages: [error.description], status: error.status)
        }
    }

    /// Runs the batch and returns the worst status.
    func run() async -> ExitStatus {
        let (files, errors) = expand()
        let refused = refusals(files)
        var worst: ExitStatus = errors.isEmpty ? .success : .noInput
        for e in errors { FileIO.printError(e) }
        // Nothing to convert (folders without a scene): no output folder is made for nothing.
        if files.isEmpty { return worst }
        // Made first, so that a folder that cannot be made is reported once; a run that writes
        // nothing into it removes it again (`convert nothere.svg --output-dir out`, 66).
        var made: [String] = []
        do throws(CommandError) {
            try FileIO.makeDirectory(outputDir, made: &made)
        } catch {
            FileIO.removeEmptyDirectories(made)
            FileIO.printError(error.description)
            return .cannotCreate
        }
        // Files run `jobs` at a time: each gets its share of the threads, so that they are not oversubscribed.
        var shared = self
        shared.options.split = WorkSplit(threads: options.split.threads / max(1, min(jobs, files.count)))
        let batch = shared
        let progress = Progress(total: files.count)
        var pending: [Int: Outcome] = [:]
        var nextToPrint = 0
        await withTaskGroup(of: (Int, Outcome).self) { group in
            var started = 0
            func startNext() {
                guard started < files.count else { return }
                let i = started
                let file = files[i]
                started += 1
                // A refused file's error is reported in its turn, like any other.
                if let outcome = refused[i] {
                    group.addTask { (i, outcome) }
                } else {
                    group.addTask { (i, batch.convert(file.path, relative: file.relative)) }
                }
            }
            for _ in 0..<min(jobs, files.count) { startNext() }
            while let (i, outcome) = await group.next() {
                pending[i] = outcome
                while let ready = pending.removeValue(forKey: nextToPrint) {
                    progress.clear()
                    for m in ready.messages { FileIO.printError(m) }
                    if ready.status > worst { worst = ready.status }
                    nextToPrint += 1
                }
                progress.update(done: nextToPrint)
                startNext()
            }
        }
        progress.finish()
        FileIO.removeEmptyDirectories(made)
        return worst
    }
}

/// A one-line progress bar on standard error, shown only on an interactive terminal.
final class Progress: @unchecked Sendable {
    let total: Int
    let enabled: Bool

    init(total: Int) {
        self.total = total
        self.enabled = FileIO.stderrIsTerminal && getenv("CI") == nil && total > 1
    }

    func update(done: Int) {
        guard enabled else { return }
        let width = 30
        let filled = total > 0 ? done * width / total : width
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        FileIO.writeAll(fd: 2, Array("\r[\(bar)] \(done)/\(total)".utf8))
    }

    func clear() {
        guard enabled else { return }
        FileIO.writeAll(fd: 2, Array("\r\u{1B}[K".utf8))
    }

    func finish() {
        guard enabled else { return }
        clear()
    }
}
