import Foundation
import LaminaCommands
import LaminaTestSupport
import Testing

/// What a first-time user or a CI script types by habit from other tools: a compressed `.svgz`,
/// a folder after `-o`, `-` for a report file. Each gets a message that says what to do instead.
@Suite struct FirstUseTests {
    static let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><rect width=\"5\" height=\"5\"/></svg>"

    /// A gzip member holding `text` in one stored (uncompressed) deflate block, as `gzip -0` writes.
    static func gzip(_ text: String) -> [UInt8] {
        let data = Array(text.utf8)
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        crc = ~crc
        let length = UInt16(data.count)
        let le32 = { (v: UInt32) in (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        return [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3, 1, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            + data + le32(crc) + le32(UInt32(data.count))
    }

    /// A gzip-compressed SVG was reported as `not an XML document: Start tag expected, '<' not
    /// found`, which does not say why; now it is named, with what to do (still 65).
    @Test(arguments: ["icon.svgz", "icon.svg", "icon"])
    func aCompressedSVGIsNamedAsSuch(name: String) throws {
        try TestSupport.withTemporaryDirectory { dir in
            try Data(Self.gzip(Self.svg)).write(to: dir.appendingPathComponent(name))
            let run = try TestSupport.runLamina(["convert", name, "-o", "out.json"], in: dir, timeout: 30)
            #expect(run.status == 65)
            #expect(run.stderr == "\(name):1:1: error: the input is gzip-compressed (an .svgz), which Lamina does not read; decompress it first (gunzip -c)\n")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.json").path))
        }
    }

    /// `-o DIR` for an existing folder said `cannot tell the output format of 'DIR'`; it now
    /// says the output is a folder and names `--output-dir` (still 64, nothing written).
    @Test func anOutputThatIsAFolderPointsToOutputDir() throws {
        try TestSupport.withTemporaryDirectory { dir in
            try Data(Self.svg.utf8).write(to: dir.appendingPathComponent("in.svg"))
            try FileManager.default.createDirectory(at: dir.appendingPathComponent("out"), withIntermediateDirectories: true)
            for out in ["out", "out/"] {
                let run = try TestSupport.runLamina(["convert", "in.svg", "-o", out], in: dir, timeout: 30)
                #expect(run.status == 64)
                #expect(run.stderr == "lamina: error: '\(out)' is a directory; name an output file, or write into it with --output-dir \(out)\n")
                #expect(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out").path).isEmpty)
            }
        }
    }

    /// `check --junit -` wrote the report to a file named `-` in the working folder; standard
    /// output carries the check's own report, so it is now a usage error (64) that writes nothing.
    @Test func junitToADashIsAUsageError() throws {
        try TestSupport.withTemporaryDirectory { dir in
            try Data(Self.svg.utf8).write(to: dir.appendingPathComponent("a.svg"))
            let record = try TestSupport.runLamina(["check", "a.svg", "--record"], in: dir, timeout: 60)
            #expect(record.status == 0, "\(record.stderr)")
            let run = try TestSupport.runLamina(["check", ".", "--junit", "-"], in: dir, timeout: 60)
            #expect(run.status == 64)
            #expect(run.stderr.contains("--junit needs a file name: standard output carries the report"), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("-").path))
        }
    }

    /// Standard input in a batch: `convert - --output-dir out` wrote `out/-.svg`, a name made of
    /// the word for standard input. A batch names each output after its input, and standard
    /// input has none: it is now a usage error (64) that says how to convert it, and nothing is
    /// written (the folder not made).
    @Test(arguments: [["convert", "-", "--output-dir", "out"], ["convert", "-", "a.svg", "--output-dir", "out"],
                      ["convert", "a.svg", "-", "--to", "json"]])
    func standardInputInABatchIsAUsageError(arguments: [String]) throws {
        try TestSupport.withTemporaryDirectory { dir in
            try Data(Self.svg.utf8).write(to: dir.appendingPathComponent("a.svg"))
            let run = try TestSupport.runLamina(arguments, stdin: Data(Self.svg.utf8), in: dir)
            #expect(run.status == 64)
            #expect(run.stdout.isEmpty)
            #expect(run.stderr == "lamina: error: standard input (-) has no name for an output in --output-dir; convert it alone: lamina convert - -o OUT\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["a.svg"])
        }
    }

    /// Files named with an uppercase extension (`ICON.SVG`, as some exporters and Windows tools
    /// write them): `check ICON.SVG --record` was `not a scene input (expected *.svg or *.json)`
    /// (64), `check .` then skipped it silently, and `convert DIR` wrote `a.Svg` as `a.Svg.svg`.
    /// The goldens are named after the file without its extension, as for `icon.svg`.
    @Test func inputsAreFoundWhateverTheCaseOfTheirExtension() throws {
        try TestSupport.withTemporaryDirectory { dir in
            let scenes = dir.appendingPathComponent("scenes")
            try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
            for name in ["ICON.SVG", "a.Svg"] { try Data(Self.svg.utf8).write(to: scenes.appendingPathComponent(name)) }
            let record = try TestSupport.runLamina(["check", "scenes/ICON.SVG", "scenes/a.Svg", "--record"], in: dir, timeout: 60)
            #expect(record.status == 0, "\(record.stderr)")
            let check = try TestSupport.runLamina(["check", "scenes"], in: dir, timeout: 60)
            #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
            #expect(check.stdout == "ok ICON.SVG\nok a.Svg\n2 passed, 0 failed\n", "\(check.stdout)")
            let convert = try TestSupport.runLamina(["convert", "scenes", "--output-dir", "out"], in: dir, timeout: 60)
            #expect(convert.status == 0, "\(convert.stderr)")
            let goldens = ["ICON.expected.json", "ICON.expected.svg", "ICON.expected.debug.svg",
                           "a.expected.json", "a.expected.svg", "a.expected.debug.svg"]
            #expect(try FileManager.default.contentsOfDirectory(atPath: scenes.path).sorted() == (goldens + ["ICON.SVG", "a.Svg"]).sorted())
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out").path).sorted() == ["ICON.svg", "a.svg"])
        }
    }

    /// A folder with no scene in it: `convert notes --output-dir out` reported `no .svg or .json
    /// files found` (66) and still made `out`; it now makes nothing. `convert notes -o out.svg`
    /// said `several inputs need --output-dir DIR` of one input; it now says the input is a
    /// folder. `check -` was `-: error: no such file or directory` (66): standard input has no
    /// goldens beside it, a usage error (64).
    @Test func foldersWithoutScenesAndCheckOfStandardInput() throws {
        try TestSupport.withTemporaryDirectory { dir in
            try FileManager.default.createDirectory(at: dir.appendingPathComponent("notes/sub"), withIntermediateDirectories: true)
            try Data("text".utf8).write(to: dir.appendingPathComponent("notes/a.txt"))
            let empty = try TestSupport.runLamina(["convert", "notes", "--output-dir", "out"], in: dir, timeout: 30)
            #expect(empty.status == 66)
            #expect(empty.stderr == "notes: error: no .svg or .json files found\n")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
            let folder = try TestSupport.runLamina(["convert", "notes", "-o", "out.svg"], in: dir, timeout: 30)
            #expect(folder.status == 64)
            #expect(folder.stderr == "lamina: error: 'notes' is a folder: its files need --output-dir DIR\n")
            let check = try TestSupport.runLamina(["check", "-"], stdin: Data(Self.svg.utf8), in: dir)
            #expect(check.status == 64)
            #expect(check.stdout.isEmpty)
            #expect(check.stderr.hasPrefix("lamina: error: check compares files with the goldens beside them; "
                + "standard input (-) has none: name a scene file or a folder\n"), "\(check.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["notes"])
        }
    }

    /// Empty words: `convert in.svg --output-dir ""` wrote `/in.svg` (outputs are `DIR/NAME`),
    /// and `check ""` checked the working folder. Both are now usage errors (64), found when
    /// the arguments are parsed, before anything is read or written (so tried in process: on
    /// the old code, a run would write at the root of the file system).
    @Test(arguments: [
        (["in.svg", "--output-dir", ""], "--output-dir needs a folder name (. for the current folder)"),
        (["in.svg", "b.svg", "--output-dir", ""], "--output-dir needs a folder name (. for the current folder)"),
    ])
    func anEmptyOutputFolderIsAUsageError(arguments: [String], message: String) {
        do {
            _ = try ConvertCommand.parse(arguments)
            Issue.record("parsed")
        } catch {
            #expect(ConvertCommand.message(for: error) == message)
            #expect(ConvertCommand.exitCode(for: error).rawValue == 64)
        }
    }

    @Test func anEmptyCheckPathIsAUsageError() {
        do {
            _ = try CheckCommand.parse(["", "--record"])
            Issue.record("parsed")
        } catch {
            #expect(CheckCommand.message(for: error) == "an empty path names no scene file or folder")
            #expect(CheckCommand.exitCode(for: error).rawValue == 64)
        }
    }

    /// A JUnit report that cannot be written was `lamina: error: /abs/path/missing/r.xml: cannot
    /// create: …`: the path made absolute and the file after `lamina: error:`. It is now named
    /// as typed, compiler style, as other outputs are (73; the check's own report still printed).
    @Test func anUnwritableJUnitReportIsNamedAsTyped() throws {
        try TestSupport.withTemporaryDirectory { dir in
            try Data(Self.svg.utf8).write(to: dir.appendingPathComponent("a.svg"))
            let record = try TestSupport.runLamina(["check", "a.svg", "--record"], in: dir, timeout: 60)
            #expect(record.status == 0, "\(record.stderr)")
            let run = try TestSupport.runLamina(["check", "a.svg", "--junit", "missing/r.xml"], in: dir, timeout: 60)
            #expect(run.status == 73)
            #expect(run.stdout == "ok a.svg\n1 passed, 0 failed\n", "\(run.stdout)")
            #expect(run.stderr == "missing/r.xml: error: cannot create: No such file or directory\n", "\(run.stderr)")
        }
    }

    /// A mistyped command was `Unexpected argument 'conver'` with no suggestion, and under
    /// `help` the overview with status 0; both are now a usage error that names the command meant.
    @Test(arguments: [
        (["conver", "Samples/clock.svg"], "'conver'; did you mean 'convert'?"),
        (["hittest", "Samples/clock.svg", "1", "2"], "'hittest'; did you mean 'hit-test'?"),
        (["Check", "Samples"], "'Check'; did you mean 'check'?"),
        (["insp", "Samples/clock.svg"], "'insp'; did you mean 'inspect'?"),
        (["help", "layuot"], "'layuot'; did you mean 'layout'?"),
        (["frobnicate"], "'frobnicate'"),
    ])
    func aMistypedCommandNamesTheOneMeant(arguments: [String], message: String) throws {
        let run = try TestSupport.runLamina(arguments, in: TestSupport.packageRoot)
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        let first = run.stderr.split(separator: "\n").first.map(String.init)
        #expect(first == "lamina: error: unknown command \(message)", "\(run.stderr)")
    }

    /// `help COMMAND` and `help` alone still print help with status 0.
    @Test(arguments: [["help"], ["help", "convert"], ["help", "map-rect"]])
    func helpForACommandStillWorks(arguments: [String]) throws {
        let run = try TestSupport.runLamina(arguments)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("USAGE: lamina"), "\(run.stdout)")
    }

    /// A folder where a golden belongs was reported as `missing golden …; run `lamina check DIR
    /// --record` to write it`, and that command then failed with `cannot replace: Is a
    /// directory`; the report now says the golden is a folder (still a failure, 1).
    @Test func aGoldenThatIsAFolderIsNamedAsSuch() throws {
        try TestSupport.withTemporaryDirectory { dir in
            try Data(Self.svg.utf8).write(to: dir.appendingPathComponent("a.svg"))
            let record = try TestSupport.runLamina(["check", "a.svg", "--record"], in: dir, timeout: 60)
            #expect(record.status == 0, "\(record.stderr)")
            let golden = dir.appendingPathComponent("a.expected.json")
            try FileManager.default.removeItem(at: golden)
            try FileManager.default.createDirectory(at: golden, withIntermediateDirectories: false)
            let run = try TestSupport.runLamina(["check", "."], in: dir, timeout: 60)
            #expect(run.status == 1)
            #expect(run.stdout.contains("  golden a.expected.json is a folder, not a file; remove it, then run `lamina check"), "\(run.stdout)")
            #expect(!run.stdout.contains("missing golden"), "\(run.stdout)")
        }
    }

    /// A layer path that names no layer was only `no layer at path 'Hour'`; the error now names
    /// the path meant (case, a name written as `#N`, a name without its folders) or where the
    /// paths are listed. Still a usage error (64) with nothing on standard output.
    @Test(arguments: [
        (["map-point", "clock.svg", "1", "2", "--from", "Hour"], "no layer at path 'Hour'; did you mean 'hour'?"),
        (["map-rect", "clock.svg", "1", "2", "3", "4", "--to", "tick3"], "no layer at path 'tick3'; did you mean 'ticks/tick3'?"),
        (["inspect", "names.svg", "--layer", "a/b"], "no layer at path 'a/b'; did you mean '#1'?"),
        (["debug", "clock.svg", "--only", "TICKS/TICK6", "-o", "out.svg"], "no layer at path 'TICKS/TICK6'; did you mean 'ticks/tick6'?"),
        (["inspect", "clock.svg", "--layer", "nope"], "no layer at path 'nope' (`lamina inspect clock.svg` prints every layer's path)"),
    ])
    func aLayerPathThatNamesNoLayerSuggestsOne(arguments: [String], message: String) throws {
        try TestSupport.withTemporaryDirectory { dir in
            try FileManager.default.copyItem(at: TestSupport.packageRoot.appendingPathComponent("Samples/clock.svg"),
                                             to: dir.appendingPathComponent("clock.svg"))
            try Data("""
                <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
                <rect id="x" width="50" height="50"/><rect id="a/b" x="50" width="50" height="50"/></svg>
                """.utf8).write(to: dir.appendingPathComponent("names.svg"))
            let run = try TestSupport.runLamina(arguments, in: dir, timeout: 30)
            #expect(run.status == 64)
            #expect(run.stdout.isEmpty)
            #expect(run.stderr == "\(arguments[1]): error: \(message)\n")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.svg").path))
        }
    }

    /// A negative number after `--size`, `--jobs` or `--tolerance` was `Missing value for
    /// '--size <size>'`, and `--size 320,480` `The value '320,480' is invalid`; each now says
    /// which rule the value broke (64, nothing on standard output).
    @Test(arguments: [
        (["layout", "Samples/clock.svg", "--size", "-5", "3"], "--size needs finite, non-negative decimal numbers, got '-5'"),
        (["inspect", "Samples/clock.svg", "--size", "5", "-3"], "--size needs finite, non-negative decimal numbers, got '-3'"),
        (["hit-test", "Samples/clock.svg", "1", "2", "--size", "-5", "3"], "--size needs finite, non-negative decimal numbers, got '-5'"),
        (["check", "Samples", "--jobs", "-1"], "--jobs must be at least 1, got '-1'"),
        (["check", "Samples", "--tolerance", "-0.5"], "--tolerance must be a finite, non-negative decimal number, got '-0.5'"),
        (["layout", "Samples/clock.svg", "--size", "320,480"], "--size takes two numbers separated by a space: --size 320 480"),
        (["convert", "Samples/clock.svg", "--size", "320x480"], "--size takes two numbers separated by a space: --size 320 480"),
    ])
    func aNumberOptionSaysWhatItTakes(arguments: [String], message: String) throws {
        let run = try TestSupport.runLamina(arguments)
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.split(separator: "\n").first.map(String.init) == "lamina: error: \(message)", "\(run.stderr)")
    }

    /// Values these checks leave alone: a size with an exponent, a negative coordinate is a
    /// coordinate, and after `--` nothing is an option. (A hexadecimal size, `0x10`, was here as
    /// one number; NumberArgumentsTests now has it refused, as other tools do.)
    @Test(arguments: [
        ["layout", "Samples/clock.svg", "--size", "1e2", "20", "-o", "-"],
        ["hit-test", "Samples/clock.svg", "-5", "3"],
        ["map-point", "Samples/clock.svg", "--from", "hour", "--", "-5", "-3"],
    ])
    func numberArgumentsThatAreFine(arguments: [String]) throws {
        let run = try TestSupport.runLamina(arguments)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
    }

    /// SVG written to a `.json` name, or layer JSON to a `.svg` name, went by silently (status
    /// 0, nothing on stderr); it is still written as asked, now with a warning. Names that fit
    /// (a debug SVG in a `.svg`, standard output, a name with no known extension) say nothing.
    @Test(arguments: [
        (["convert", "clock.svg", "-o", "x.json", "--to", "svg"], "writing a flattened SVG to 'x.json', a name for layer JSON"),
        (["convert", "clock.svg", "-o", "x.SVG", "--to", "json"], "writing layer JSON to 'x.SVG', a name for SVG"),
        (["debug", "clock.svg", "-o", "x.json"], "writing a debug SVG to 'x.json', a name for layer JSON"),
        (["layout", "clock.svg", "--size", "100", "100", "-o", "x.svg"], "writing layer JSON to 'x.svg', a name for SVG"),
        (["convert", "clock.svg", "-o", "x.svg", "--to", "debug"], ""),
        (["convert", "clock.svg", "-o", "x.out", "--to", "svg"], ""),
        (["layout", "clock.svg", "--size", "100", "100", "-o", "-"], ""),
    ])
    func anOutputNamedForTheOtherFormatIsWarnedAbout(arguments: [String], warning: String) throws {
        try TestSupport.withTemporaryDirectory { dir in
            try FileManager.default.copyItem(at: TestSupport.packageRoot.appendingPathComponent("Samples/clock.svg"),
                                             to: dir.appendingPathComponent("clock.svg"))
            let run = try TestSupport.runLamina(arguments, in: dir, timeout: 30)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr == (warning.isEmpty ? "" : "lamina: warning: \(warning)\n"))
        }
    }
}
