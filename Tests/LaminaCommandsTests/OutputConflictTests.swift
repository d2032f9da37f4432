import Foundation
import LaminaTestSupport
import Testing

/// Outputs that would destroy another file of the same run: two inputs of a batch with one
/// output, an output that is an input, and `convert`/`debug` writing over their own input.
@Suite struct OutputConflictTests {
    /// A 10×10 drawing of one rectangle filled with `fill`.
    static func drawing(_ fill: String) -> Data {
        Data("<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'><rect width='5' height='5' fill='\(fill)'/></svg>".utf8)
    }

    /// Writes `files` (relative path → bytes) under `dir`, making folders as needed.
    static func write(_ files: [String: Data], in dir: URL) throws {
        for (path, bytes) in files {
            let url = dir.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try bytes.write(to: url)
        }
    }

    /// Two files named on the command line with one name: the first keeps the output, the
    /// second is refused (73), the same every run.
    @Test func theFirstOfTwoInputsWithOneOutputKeepsIt() throws {
        try TestSupport.withTemporaryDirectory { dir in
            try Self.write(["left/icon.svg": Self.drawing("#ff0000"), "right/icon.svg": Self.drawing("#0000ff")], in: dir)
            for _ in 0..<3 {
                try? FileManager.default.removeItem(at: dir.appendingPathComponent("out"))
                let run = try TestSupport.runLamina(
                    ["convert", "left/icon.svg", "right/icon.svg", "--output-dir", "out", "--jobs", "2"], in: dir, timeout: 30)
                #expect(run.status == 73, "\(run.stderr)")
                #expect(run.stderr == "right/icon.svg: error: output 'out/icon.svg' is also the output of 'left/icon.svg'\n")
                let written = try String(contentsOf: dir.appendingPathComponent("out/icon.svg"), encoding: .utf8)
                #expect(written.contains("#ff0000") && !written.contains("#0000ff"), "\(written)")
                #expect(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out").path) == ["icon.svg"])
            }
        }
    }

    /// `x.json` and `x.svg` in one folder both map to `x.svg`: the first in sorted order (the
    /// JSON) keeps it.
    @Test func anSVGAndAJSONWithOneNameCollide() throws {
        try TestSupport.withTemporaryDirectory { dir in
            try Self.write(["in/x.svg": Self.drawing("#ff0000")], in: dir)
            let json = try TestSupport.runLamina(["convert", "in/x.svg", "-o", "in/x.json"], in: dir, timeout: 30)
            #expect(json.status == 0, "\(json.stderr)")
            try Self.write(["in/x.svg": Self.drawing("#008000")], in: dir)
            let run = try TestSupport.runLamina(["convert", "in", "--output-dir", "out"], in: dir, timeout: 30)
            #expect(run.status == 73, "\(run.stderr)")
            #expect(run.stderr == "in/x.svg: error: output 'out/x.svg' is also the output of 'in/x.json'\n")
            let written = try String(contentsOf: dir.appendingPathComponent("out/x.svg"), encoding: .utf8)
            #expect(written.contains("#ff0000") && !written.contains("#008000"), "\(written)")
        }
    }

    /// Converting a folder into itself: `a.json`'s output would replace the input `a.svg`, and
    /// `a.svg`'s its own input; both are refused and `a.svg` is kept.
    @Test func anOutputThatIsAnotherInputIsRefused() throws {
        try TestSupport.withTemporaryDirectory { dir in
            try Self.write(["d/a.svg": Self.drawing("#ff0000"), "d/b.svg": Self.drawing("#0000ff")], in: dir)
            let json = try TestSupport.runLamina(["convert", "d/b.svg", "-o", "d/a.json"], in: dir, timeout: 30)
            #expect(json.status == 0, "\(json.stderr)")
            let run = try TestSupport.runLamina(["convert", "d", "--output-dir", "d"], in: dir, timeout: 30)
            #expect(run.status == 73, "\(run.stderr)")
            #expect(run.stderr == """
                d/a.json: error: output 'd/a.svg' would overwrite the input 'd/a.svg'
                d/a.svg: error: output would overwrite the input
                d/b.svg: error: output would overwrite the input

                """)
            #expect(try Data(contentsOf: dir.appendingPathComponent("d/a.svg")) == Self.drawing("#ff0000"))
        }
    }

    /// `convert` and `debug` refuse an output that is their input: by the same path, another
    /// spelling of it, a symbolic link or a hard link. Both command-line parsers are used (an
    /// option `FastCommand` does not take sends the line to ArgumentParser).
    @Test(arguments: [
        ["convert", "scene.svg", "-o", "scene.svg"],
        ["convert", "scene.svg", "-o", "./sub/../scene.svg", "--to", "svg"],
        ["convert", "scene.svg", "-o", "link.svg"],
        ["convert", "scene.svg", "-o", "hard.svg", "--size", "20", "20"],
        ["debug", "scene.svg", "-o", "scene.svg"],
        ["debug", "link.svg", "-o", "hard.svg", "--size", "20", "20"],
    ])
    func anOutputThatIsTheInputIsRefused(arguments: [String]) throws {
        try TestSupport.withTemporaryDirectory { dir in
            let fm = FileManager.default
            try Self.write(["scene.svg": Self.drawing("#ff0000"), "sub/keep": Data()], in: dir)
            try fm.createSymbolicLink(atPath: dir.appendingPathComponent("link.svg").path, withDestinationPath: "scene.svg")
            try fm.linkItem(at: dir.appendingPathComponent("scene.svg"), to: dir.appendingPathComponent("hard.svg"))
            let run = try TestSupport.runLamina(arguments, in: dir, timeout: 30)
            #expect(run.status == 73, "\(run.stderr)")
            #expect(run.stderr == "\(arguments[1]): error: output would overwrite the input\n")
            #expect(try Data(contentsOf: dir.appendingPathComponent("scene.svg")) == Self.drawing("#ff0000"))
            #expect(try fm.destinationOfSymbolicLink(atPath: dir.appendingPathComponent("link.svg").path) == "scene.svg")
            #expect(try fm.contentsOfDirectory(atPath: dir.path).sorted() == ["hard.svg", "link.svg", "scene.svg", "sub"])
        }
    }

    /// `layout` may update a layer JSON file in place (Docs/CLI.md).
    @Test func layoutMayRewriteItsInput() throws {
        try TestSupport.withTemporaryDirectory { dir in
            try Self.write(["scene.svg": Self.drawing("#ff0000")], in: dir)
            let json = try TestSupport.runLamina(["convert", "scene.svg", "-o", "scene.json"], in: dir, timeout: 30)
            #expect(json.status == 0, "\(json.stderr)")
            let run = try TestSupport.runLamina(["layout", "scene.json", "--size", "40", "30", "-o", "scene.json"], in: dir, timeout: 30)
            #expect(run.status == 0, "\(run.stderr)")
            let inspect = try TestSupport.runLamina(["inspect", "scene.json", "--layer", "/"], in: dir, timeout: 30)
            #expect(inspect.stdout.contains("\"frame\": [0, 0, 40, 30]"), "\(inspect.stdout)")
        }
    }
}
