import Foundation
import LaminaCommands
import LaminaTestSupport
import Testing

/// Option words a command does not have, and options given twice.
@Suite struct OptionSpellingTests {
    /// ArgumentParser suggested the option nearest by edit distance at up to three edits, so
    /// `convert x.svg --out y.svg` said `Did you mean '--hit'?`. The suggestion is now an option
    /// the word begins (the shortest, when it begins all of them), else one within an edit or
    /// two, else none.
    @Test(arguments: [
        (["convert", "x.svg", "--out", "y.svg"], "unknown option '--out'; did you mean '--output'?"),
        (["convert", "x.svg", "--outptu", "y.svg"], "unknown option '--outptu'; did you mean '--output'?"),
        (["convert", "x.svg", "--Output", "y.svg"], "unknown option '--Output'; did you mean '--output'?"),
        (["convert", "x.svg", "-out", "y.svg"], "unknown option '-out'; did you mean '--output'?"),
        (["convert", "x.svg", "--out=y.svg"], "unknown option '--out'; did you mean '--output'?"),
        (["debug", "x.svg", "--out", "y.svg"], "unknown option '--out'; did you mean '--output'?"),
        (["check", "scenes", "--recrod"], "unknown option '--recrod'; did you mean '--record'?"),
        (["map-point", "x.svg", "1", "2", "--form", "a"], "unknown option '--form'; did you mean '--from'?"),
        (["inspect", "x.svg", "--out", "y.json"], "unknown option '--out'"),
        (["convert", "x.svg", "--o", "y.svg"], "unknown option '--o'"),
        (["layout", "x.svg", "--frobnicate"], "unknown option '--frobnicate'"),
    ] as [([String], String)])
    func anUnknownOptionSuggestsOneOfTheCommands(arguments: [String], message: String) {
        #expect(OptionSpelling.unknownOption(arguments) == message)
    }

    /// Known options, negative numbers, `-`, words after `--`, short options (ArgumentParser
    /// names those) and words that are not a command's are left to the parser.
    @Test(arguments: [
        ["convert", "x.svg", "-o", "-", "--to=svg", "--keep-groups"],
        ["hit-test", "x.svg", "-5", "-3"],
        ["map-point", "x.svg", "--", "--out", "1"],
        ["convert", "x.svg", "-x"],
        ["convert", "x.svg", "-oqz"],
        ["frobnicate", "--out"],
    ])
    func knownWordsAreNotReported(arguments: [String]) {
        #expect(OptionSpelling.unknownOption(arguments) == nil)
    }

    /// End to end: the parser's usage lines stay under the corrected first line (64).
    @Test func theCommandLinePrintsTheOptionMeant() throws {
        let run = try TestSupport.runLamina(["convert", "Samples/clock.svg", "--out", "y.svg"])
        #expect(run.status == 64)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "lamina: error: unknown option '--out'; did you mean '--output'?", "\(run.stderr)")
        #expect(lines.dropFirst().first?.hasPrefix("Usage: lamina convert ") == true, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: TestSupport.packageRoot.appendingPathComponent("y.svg").path))
    }

    /// An option that takes one value and is given twice silently took the last value
    /// (`-o a.svg -o b.svg` wrote only b.svg); it is now a usage error naming the option and
    /// both values, whatever the spellings (`-o`, `--output`, `--to=`).
    @Test(arguments: [
        (["convert", "in.svg", "-o", "a.svg", "-o", "b.svg"], "--output is given twice ('a.svg' and 'b.svg'); give it once"),
        (["convert", "in.svg", "-o", "a.svg", "--output", "b.svg"], "--output is given twice ('a.svg' and 'b.svg'); give it once"),
        (["convert", "in.svg", "--to", "svg", "--to=json"], "--to is given twice ('svg' and 'json'); give it once"),
        (["convert", "in.svg", "--size", "1", "2", "--size", "3", "4"], "--size is given twice ('1 2' and '3 4'); give it once"),
        (["inspect", "in.svg", "--layer", "a", "--layer", "b"], "--layer is given twice ('a' and 'b'); give it once"),
        (["hit-test", "in.svg", "1", "2", "--hit-order", "paint", "--hit-order", "array"], "--hit-order is given twice ('paint' and 'array'); give it once"),
        (["check", "scenes", "--jobs", "1", "--jobs", "2"], "--jobs is given twice ('1' and '2'); give it once"),
    ] as [([String], String)])
    func anOptionGivenTwiceIsAUsageError(arguments: [String], message: String) throws {
        #expect(OptionSpelling.repeatedOption(arguments) == "lamina: error: \(message)\n  See 'lamina \(arguments[0]) --help' for more information.\n")
        try TestSupport.withTemporaryDirectory { dir in
            try Data(FirstUseTests.svg.utf8).write(to: dir.appendingPathComponent("in.svg"))
            let run = try TestSupport.runLamina(arguments, in: dir, timeout: 30)
            #expect(run.status == 64)
            #expect(run.stdout.isEmpty)
            #expect(run.stderr.split(separator: "\n").first.map(String.init) == "lamina: error: \(message)", "\(run.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["in.svg"])
        }
    }

    /// ``OptionSpelling/repeatedOption(_:)`` describes a command only when a short spelling
    /// may stand for a long word beside it, taking a short option to be its long one's first
    /// letter: every command's options keep to that, so no repeat is missed.
    @Test(arguments: UnknownCommand.names)
    func shortSpellingsAreTheirLongOnesFirstLetter(command: String) throws {
        let options = try #require(CommandOptions.of(command: command))
        #expect(options.options.contains { $0.name == "--help" })
        for option in options.options {
            for short in option.spellings where !short.hasPrefix("--") {
                #expect(option.name.hasPrefix("-" + short), "\(command): \(short) of \(option.name)")
            }
        }
    }

    /// A flag given twice says the same thing twice, and options given once are fine.
    @Test(arguments: [
        ["convert", "in.svg", "--keep-groups", "--keep-groups", "-o", "a.svg"],
        ["convert", "in.svg", "-o", "a.svg", "--output-dir", "d"],
        ["debug", "in.svg", "--no-labels", "--no-labels", "--hit", "-5,-5", "--only", "a"],
        ["map-point", "in.svg", "--from", "a", "--", "--from", "b"],
    ])
    func flagsAndSingleOptionsPass(arguments: [String]) {
        #expect(OptionSpelling.repeatedOption(arguments) == nil)
    }
}
