import Foundation
import LaminaTestSupport
import Testing

/// Hostile inputs through every command of the built binary (Docs/Security.md): each either
/// fails with exit 65 and a located `error:`, or succeeds with a safe output; no run uses more
/// than 10 s of CPU (nor waits past 60 s), and no failed run leaves a file behind or touches an
/// existing output. The cases run one at a time, and the limit is on CPU time, so that a loaded
/// CI machine does not push a run past it (helpers' runs at a load of 25–30 went past 10 s of
/// wall time with a fraction of that in CPU).
@Suite(.serialized) struct HostileInputTests {
    static let timeLimit = 10.0
    /// A run that waits without working (a deadlock) is ended after this many seconds.
    static let waitLimit = 60.0
    static let sentinel = Data("existing output, must survive\n".utf8)

    @Test(arguments: HostileTable.cases)
    func hostileInput(_ c: HostileCase) throws {
        try TestSupport.withTemporaryDirectory { dir in
            let input = try HostileFixtures.bytes(c.fixture)
            let work = c.command == .check ? dir.appendingPathComponent("scenes") : dir
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            try input.write(to: work.appendingPathComponent(c.fixture))
            let golden = work.appendingPathComponent(Self.stem(c.fixture) + ".expected.json")
            if c.command == .check { try Self.sentinel.write(to: golden) }
            let before = try Self.listing(dir)

            // First run: no output exists yet.
            let run = try TestSupport.runLamina(
                c.command.arguments(c.fixture), in: dir, timeout: Self.waitLimit, cpuLimit: Self.timeLimit)
            #expect(!run.timedOut, "used more than \(Self.timeLimit) s of CPU or ran past \(Self.waitLimit) s (\(run.seconds) s, CPU \(run.cpuSeconds) s)")
            Self.recordTime(c, run)
            #expect(run.status == c.status, "stderr: \(run.stderr.prefix(600))")
            let diagnostics = c.command == .check ? run.stdout + run.stderr : run.stderr
            #expect(Self.contains(diagnostics, c.fragment), "diagnostics: \(diagnostics.prefix(600))")
            #expect(!diagnostics.contains("Fatal error"), "\(diagnostics.prefix(600))")
            // Names and values quoted from the input cannot reach the terminal as control characters.
            let controls = diagnostics.unicodeScalars.filter { $0.value < 0x20 && $0 != "\n" && $0 != "\t" || (0x7F...0x9F).contains($0.value) }
            #expect(controls.isEmpty, "\(diagnostics.prefix(600).debugDescription)")

            if c.status != 0 {
                #expect(try Self.listing(dir) == before, "a failed run left files behind")
                if c.command == .check { #expect(try Data(contentsOf: golden) == Self.sentinel) }
                // Second run: an existing output must be untouched.
                if let output = c.command.output {
                    let url = dir.appendingPathComponent(output)
                    try Self.sentinel.write(to: url)
                    let again = try TestSupport.runLamina(
                        c.command.arguments(c.fixture), in: dir, timeout: Self.waitLimit, cpuLimit: Self.timeLimit)
                    #expect(again.status == c.status)
                    #expect(try Data(contentsOf: url) == Self.sentinel, "existing output was changed")
                    #expect(try Self.listing(dir) == (before + [output]).sorted(), "a failed run left files behind")
                }
                return
            }
            try Self.expectSafeOutputs(c, dir: dir, work: work, stdout: run.stdout)
        }
    }

    /// Checks every output of a successful run with ``OutputSafety``.
    static func expectSafeOutputs(_ c: HostileCase, dir: URL, work: URL, stdout: String) throws {
        var outputs: [(name: String, data: Data)] = []
        switch c.command {
        case .inspect: outputs = [("stdout", Data(stdout.utf8))]
        case .check:
            let stem = Self.stem(c.fixture)
            for ext in ["json", "svg", "debug.svg"] {
                let name = "\(stem).expected.\(ext)"
                outputs.append((name, try Data(contentsOf: work.appendingPathComponent(name))))
            }
        default:
            if let output = c.command.output { outputs = [(output, try Data(contentsOf: dir.appendingPathComponent(output)))] }
        }
        for (name, data) in outputs {
            let problems = name.hasSuffix(".svg") ? OutputSafety.problemsInSVG(data) : OutputSafety.problemsInJSON(data)
            #expect(problems.isEmpty, "\(name): \(problems.prefix(10))")
        }
        let leftovers = try listing(dir).filter { $0.hasSuffix(".tmp") || $0.contains(".lamina-") }
        #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
    }

    /// Appends `SECONDS CPU FIXTURE COMMAND` to the file named by `LAMINA_HOSTILE_TIMES`, if set
    /// (Docs/Security.md: how the slowest cases are measured).
    static func recordTime(_ c: HostileCase, _ run: LaminaTimedRun) {
        guard let path = ProcessInfo.processInfo.environment["LAMINA_HOSTILE_TIMES"],
            let handle = FileHandle(forWritingAtPath: path) ?? {
                _ = FileManager.default.createFile(atPath: path, contents: nil)
                return FileHandle(forWritingAtPath: path)
            }()
        else { return }
        handle.seekToEndOfFile()
        let line = String(format: "%.2f\t%.2f\t", run.seconds, run.cpuSeconds) + "\(c.fixture)\t\(c.command.rawValue)\n"
        handle.write(Data(line.utf8))
        handle.closeFile()
    }

    /// A file name without its last extension.
    static func stem(_ name: String) -> String { (name as NSString).deletingPathExtension }

    /// Every path under `dir`, relative and sorted.
    static func listing(_ dir: URL) throws -> [String] {
        let all = FileManager.default.enumerator(atPath: dir.path)?.allObjects as? [String] ?? []
        return all.sorted()
    }

    /// Whether `text` contains `fragment`, where `?` in the fragment stands for a number.
    static func contains(_ text: String, _ fragment: String) -> Bool {
        if fragment.isEmpty { return true }
        let pattern = fragment.split(separator: "?", omittingEmptySubsequences: false)
            .map { NSRegularExpression.escapedPattern(for: String($0)) }.joined(separator: "[0-9]+")
        return text.range(of: pattern, options: .regularExpression) != nil
    }
}
