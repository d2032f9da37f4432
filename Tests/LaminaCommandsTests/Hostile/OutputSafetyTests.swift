import Foundation
import LaminaTestSupport
import Testing

/// Every corpus file and every hostile fixture, converted to layer JSON, flattened SVG and debug
/// SVG in batches, gives outputs with no active content and no reference outside the file.
@Suite struct OutputSafetyTests {
    static let corpus = TestSupport.sharedCorpus

    @Test(arguments: ["json", "svg", "debug"])
    func corpusOutputsAreSafe(format: String) throws {
        var isDir: ObjCBool = false
        try #require(
            FileManager.default.fileExists(atPath: Self.corpus.path, isDirectory: &isDir) && isDir.boolValue,
            "the corpus is missing: expected it at \(Self.corpus.path)")
        try Self.expectSafeBatch(input: Self.corpus, format: format, minimumOutputs: 400)
    }

    @Test(arguments: ["json", "svg", "debug"])
    func hostileOutputsAreSafe(format: String) throws {
        try TestSupport.withTemporaryDirectory { dir in
            // One folder per extension: `x.svg` and `x.json` would have one output, which the
            // batch refuses to the second (73).
            for name in try HostileFixtures.allNames() {
                let folder = dir.appendingPathComponent((name as NSString).pathExtension.lowercased())
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try HostileFixtures.bytes(name).write(to: folder.appendingPathComponent(name))
            }
            try Self.expectSafeBatch(input: dir, format: format, minimumOutputs: 15)
        }
    }

    /// Converts a folder with `--output-dir` and checks every output file.
    static func expectSafeBatch(input: URL, format: String, minimumOutputs: Int) throws {
        try TestSupport.withTemporaryDirectory { out in
            let run = try TestSupport.runLamina(
                ["convert", input.path, "--output-dir", out.path, "--to", format, "--jobs", "2"], in: out, timeout: 1_200)
            #expect(!run.timedOut)
            #expect(run.status == 0 || run.status == 65, "\(run.stderr.suffix(800))")
            #expect(!run.stderr.contains("Fatal error"))
            let files = (FileManager.default.enumerator(atPath: out.path)?.allObjects as? [String] ?? [])
                .filter { $0.hasSuffix(".json") || $0.hasSuffix(".svg") }
            #expect(files.count >= minimumOutputs, "only \(files.count) outputs")
            var unsafe: [String] = []
            for file in files.sorted() {
                let data = try Data(contentsOf: out.appendingPathComponent(file))
                let problems = file.hasSuffix(".json") ? OutputSafety.problemsInJSON(data) : OutputSafety.problemsInSVG(data)
                if !problems.isEmpty { unsafe.append("\(file): \(problems.prefix(3))") }
            }
            #expect(unsafe.isEmpty, "\(unsafe.count) unsafe outputs: \(unsafe.prefix(20))")
            let leftovers = (FileManager.default.enumerator(atPath: out.path)?.allObjects as? [String] ?? [])
                .filter { $0.hasSuffix(".tmp") }
            #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
        }
    }
}
