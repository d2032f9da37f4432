import Foundation
import LaminaCommands
import LaminaTestSupport
import Testing

/// Usage errors print in one style, whichever part of `lamina` finds them.
@Suite struct UsageErrorTests {
    /// ArgumentParser's errors began `Error: ` and Lamina's `lamina: error: `; both now begin
    /// `lamina: error: ` with a lowercase sentence, keep ArgumentParser's usage and help lines,
    /// and exit 64 with nothing on standard output.
    @Test(arguments: [
        (["hit-test", "Samples/clock.svg", "1"], "lamina: error: missing expected argument '<y>'", "Usage: lamina hit-test"),
        (["layout", "Samples/clock.svg"], "lamina: error: layout needs --size W H", "Usage: lamina layout"),
        (["inspect"], "lamina: error: missing expected argument '<input>'", "Usage: lamina inspect"),
        (["check", "Samples", "--junit", "-"], "lamina: error: --junit needs a file name: standard output carries the report", "Usage: lamina check"),
        ([], "lamina: error: choose a command: convert, debug, inspect, hit-test, map-point, map-rect, layout or check", "Usage: lamina"),
    ] as [([String], String, String)])
    func argumentParserErrorsUseLaminasPrefix(arguments: [String], first: String, usage: String) throws {
        let run = try TestSupport.runLamina(arguments)
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == first, "\(run.stderr)")
        #expect(lines.contains { $0.hasPrefix(usage) }, "\(run.stderr)")
        #expect(run.stderr.hasSuffix(" for more information.\n"), "\(run.stderr)")
        #expect(!run.stderr.contains("Error: "), "\(run.stderr)")
    }

    /// `hit-test IN 1 2 --hit-order z` said only that `z` is invalid, where `convert --to z`
    /// listed `json`, `svg` and `debug`: an option with a fixed set of values lists them.
    @Test(arguments: [
        (["hit-test", "Samples/clock.svg", "1", "2", "--hit-order", "z"], "'--hit-order <hit-order>'", "'array' and 'paint'"),
        (["hit-test", "Samples/clock.svg", "1", "2", "--hit-order=Paint"], "'--hit-order <hit-order>'", "'array' and 'paint'"),
        (["convert", "Samples/clock.svg", "--to", "z"], "'--to <to>'", "'json', 'svg' or 'debug'"),
    ] as [([String], String, String)])
    func anEnumeratedOptionsErrorListsItsValues(arguments: [String], option: String, values: String) throws {
        let run = try TestSupport.runLamina(arguments)
        #expect(run.status == 64)
        let value = arguments.last.map { $0.split(separator: "=").last.map(String.init) ?? $0 } ?? ""
        let first = run.stderr.split(separator: "\n").first.map(String.init)
        #expect(first == "lamina: error: the value '\(value)' is invalid for \(option). Please provide one of \(values).", "\(run.stderr)")
    }

    /// Help is not an error: standard output, status 0, as before.
    @Test(arguments: [["--help"], ["convert", "--help"], ["help", "check"], ["map-rect", "-h"]])
    func helpStillGoesToStandardOutput(arguments: [String]) throws {
        let run = try TestSupport.runLamina(arguments)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("OVERVIEW: ") || run.stdout.hasPrefix("USAGE: "), "\(run.stdout)")
        #expect(run.stdout.hasSuffix("\n"))
    }

    /// The first word of ArgumentParser's sentence is lowercased; a name or a value is kept.
    @Test(arguments: [
        ("Missing expected argument '<y>'", "missing expected argument '<y>'"),
        ("X must be a finite decimal number", "X must be a finite decimal number"),
        ("JSON is not", "JSON is not"),
        ("--size takes two numbers: W H", "--size takes two numbers: W H"),
        ("", ""),
    ])
    func sentencesStartLowercase(message: String, expected: String) {
        #expect(UsageError.relabel("Error: \(message)\nUsage: x", message: message)
            == (message.isEmpty ? "Error: \nUsage: x\n" : "lamina: error: \(expected)\nUsage: x\n"))
    }
}
