import Foundation
import LaminaCore
import LaminaTestSupport
import Testing

@testable import LaminaCommands

/// Outputs are written whole or not at all (FileIO.write: temporary file, then rename), and a
/// batch reports every failing file while still writing the good ones.
@Suite struct FileIOTests {
    static let good = Data("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><rect width=\"5\" height=\"5\"/></svg>".utf8)

    @Test func batchReportsEveryFailureAndWritesTheGoodFiles() throws {
        try TestSupport.withTemporaryDirectory { dir in
            let input = dir.appendingPathComponent("in")
            try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
            try Self.good.write(to: input.appendingPathComponent("a.svg"))
            try Data().write(to: input.appendingPathComponent("b.svg"))
            try Self.good.write(to: input.appendingPathComponent("c.svg"))
            try Data("{\"format\": \"lamina.layers\", \"version\": 1, \"root\": {\"bounds\": [0, 0".utf8)
                .write(to: input.appendingPathComponent("d.json"))
            let run = try TestSupport.runLamina(["convert", "in", "--output-dir", "out", "--to", "svg"], in: dir, timeout: 60)
            #expect(run.status == 65)
            #expect(run.stderr.contains("b.svg:1:1: error: empty document"), "\(run.stderr)")
            #expect(run.stderr.contains("d.json:1:"), "\(run.stderr)")
            let outputs = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out").path).sorted()
            #expect(outputs == ["a.svg", "c.svg"])
        }
    }

    @Test func anExistingOutputSurvivesAFailedRun() throws {
        try TestSupport.withTemporaryDirectory { dir in
            try Data("<svg".utf8).write(to: dir.appendingPathComponent("bad.svg"))
            let existing = Data("keep me".utf8)
            try existing.write(to: dir.appendingPathComponent("out.svg"))
            let run = try TestSupport.runLamina(["convert", "bad.svg", "-o", "out.svg"], in: dir, timeout: 30)
            #expect(run.status == 65)
            #expect(try Data(contentsOf: dir.appendingPathComponent("out.svg")) == existing)
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["bad.svg", "out.svg"])
        }
    }

    @Test func anOutputThatCannotBeCreatedIsExit73AndLeavesNothing() throws {
        try TestSupport.withTemporaryDirectory { dir in
            try Self.good.write(to: dir.appendingPathComponent("in.svg"))
            try FileManager.default.createDirectory(at: dir.appendingPathComponent("taken.svg"), withIntermediateDirectories: false)
            let missing = try TestSupport.runLamina(["convert", "in.svg", "-o", "no/such/dir/out.svg"], in: dir, timeout: 30)
            #expect(missing.status == 73, "\(missing.stderr)")
            let onDirectory = try TestSupport.runLamina(["convert", "in.svg", "-o", "taken.svg"], in: dir, timeout: 30)
            #expect(onDirectory.status == 73, "\(onDirectory.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["in.svg", "taken.svg"])
        }
    }

    /// An output folder that cannot be made said only `out: error: cannot create directory`;
    /// it now gives the system's reason, as a file output does (73 either way).
    @Test(arguments: [("taken", "taken"), ("taken/sub", "taken")])
    func anOutputFolderThatCannotBeMadeSaysWhy(outputDir: String, named: String) throws {
        try TestSupport.withTemporaryDirectory { dir in
            try Self.good.write(to: dir.appendingPathComponent("a.svg"))
            try Self.good.write(to: dir.appendingPathComponent("b.svg"))
            try Data("a file".utf8).write(to: dir.appendingPathComponent("taken"))
            let run = try TestSupport.runLamina(["convert", "a.svg", "b.svg", "--output-dir", outputDir], in: dir, timeout: 30)
            #expect(run.status == 73)
            #expect(run.stderr == "\(named): error: cannot create directory: Not a directory\n")
        }
    }

    /// A batch made its output folder before converting, so a run that wrote nothing left it
    /// behind, empty (`convert nothere.svg --output-dir o5`: 66 and a new `o5`, and `a/b`
    /// for `--output-dir a/b`). A run now removes the folders it made when it wrote nothing.
    @Test(arguments: [
        (["nothere.svg"], "o5", Int32(66)), (["bad.svg"], "a/b", 65), (["bad.svg", "nothere.svg"], "new/out/", 66),
        (["empty"], "o5", 66), (["nothere.svg", "good.svg"], "out", 66),
    ])
    func aRunThatWritesNothingLeavesNoNewFolder(inputs: [String], outputDir: String, status: Int32) throws {
        try TestSupport.withTemporaryDirectory { dir in
            try Data("<svg".utf8).write(to: dir.appendingPathComponent("bad.svg"))
            try Self.good.write(to: dir.appendingPathComponent("good.svg"))
            try FileManager.default.createDirectory(at: dir.appendingPathComponent("empty"), withIntermediateDirectories: false)
            let run = try TestSupport.runLamina(["convert"] + inputs + ["--output-dir", outputDir], in: dir, timeout: 30)
            #expect(run.status == status, "\(run.stderr)")
            let wrote = inputs.contains("good.svg")
            let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
            #expect(left == ["bad.svg", "empty", "good.svg"] + (wrote ? ["out"] : []))
        }
    }

    /// A folder that was there before the run stays, empty as it was, when nothing is written.
    @Test func anExistingOutputFolderStaysWhenNothingIsWritten() throws {
        try TestSupport.withTemporaryDirectory { dir in
            try FileManager.default.createDirectory(at: dir.appendingPathComponent("out"), withIntermediateDirectories: false)
            let run = try TestSupport.runLamina(["convert", "nothere.svg", "--output-dir", "out/sub"], in: dir, timeout: 30)
            #expect(run.status == 66, "\(run.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out"])
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out").path).isEmpty)
        }
    }

    @Test func aSuccessfulWriteReplacesTheOutputAndLeavesNoTemporaryFile() throws {
        try TestSupport.withTemporaryDirectory { dir in
            try Self.good.write(to: dir.appendingPathComponent("in.svg"))
            try Data("old".utf8).write(to: dir.appendingPathComponent("out.json"))
            let run = try TestSupport.runLamina(["convert", "in.svg", "-o", "out.json"], in: dir, timeout: 30)
            #expect(run.status == 0, "\(run.stderr)")
            let text = try String(contentsOf: dir.appendingPathComponent("out.json"), encoding: .utf8)
            #expect(text.hasPrefix("{") && text.contains("\"lamina.layers\""))
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["in.svg", "out.json"])
        }
    }

    /// A folder that `lamina check` has run in holds its goldens, saved actual outputs and
    /// `lamina-check.json`; converting the folder converts its scenes and nothing else.
    @Test func aBatchSkipsWhatCheckKeepsBesideTheScenes() throws {
        try TestSupport.withTemporaryDirectory { dir in
            let input = dir.appendingPathComponent("scenes/sub")
            try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
            for name in ["a.svg", "a.expected.svg", "a.actual.svg", "a.actual.debug.svg"] {
                try Self.good.write(to: input.appendingPathComponent(name))
            }
            try Data("{\"size\": [40, 30]}".utf8).write(to: input.appendingPathComponent("lamina-check.json"))
            let run = try TestSupport.runLamina(["convert", "scenes", "--output-dir", "out"], in: dir, timeout: 60)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.isEmpty, "\(run.stderr)")
            let outputs = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out/sub").path)
            #expect(outputs == ["a.svg"])
        }
    }
}

/// Warnings repeated at one place (an element's copies each warn) are printed 20 at most.
@Suite struct WarningCollapseTests {
    @Test func atMostTwentyWarningsPerPlaceThenACount() {
        let here = SourceLocation(file: "a.svg", line: 3, column: 5)
        let there = SourceLocation(file: "a.svg", line: 9, column: 1)
        var list = (0..<30).map { Diagnostic.warning("copy \($0)", at: here) }
        list.insert(.warning("elsewhere", at: there), at: 5)
        list.append(.warning("no place"))
        let shown = FileIO.collapsingRepeats(list)
        #expect(shown.count == 20 + 1 + 1 + 1)
        #expect(shown.filter { $0.location == here }.map(\.message).prefix(20) == ArraySlice((0..<20).map { "copy \($0)" }))
        #expect(shown.last == .warning("10 more warnings at this place not shown", at: here))
        #expect(FileIO.collapsingRepeats(Array(list.prefix(20))) == Array(list.prefix(20)))
    }

    @Test func anElementsCopiesWarnOnceEachUpToTheLimit() throws {
        try TestSupport.withTemporaryDirectory { dir in
            try Data(HostileFixtures.transformCopies().utf8).write(to: dir.appendingPathComponent("copies.svg"))
            let run = try TestSupport.runLamina(["convert", "copies.svg", "-o", "out.svg"], in: dir, timeout: 60)
            #expect(run.status == 0, "\(run.stderr)")
            let lines = run.stderr.split(separator: "\n")
            #expect(lines.count == 21, "\(lines.count) lines")
            #expect(lines.last?.hasSuffix("warning: 3105 more warnings at this place not shown") == true, "\(lines.last ?? "")")
        }
    }
}
