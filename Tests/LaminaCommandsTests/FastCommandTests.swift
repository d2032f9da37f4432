import LaminaCommands
import Testing

/// `FastCommand.parse`: which command lines skip ArgumentParser, and what they mean.
@Suite struct FastCommandTests {
    @Test(arguments: [
        (["convert", "a.svg", "-o", "b.json"], FastCommand.Parsed(command: "convert", input: "a.svg", output: "b.json")),
        (["convert", "-o", "-", "a.svg", "--to", "svg", "--keep-groups"],
         FastCommand.Parsed(command: "convert", input: "a.svg", output: "-", format: .svg, keepGroups: true)),
        (["convert", "-", "--output", "o.debug.svg", "--only", "a/b", "--no-labels"],
         FastCommand.Parsed(command: "convert", input: "-", output: "o.debug.svg", only: "a/b", labels: false)),
        (["debug", "in.json"], FastCommand.Parsed(command: "debug", input: "in.json")),
        (["debug", "in.svg", "-o", "x.svg", "--only", "#0"],
         FastCommand.Parsed(command: "debug", input: "in.svg", output: "x.svg", only: "#0")),
    ] as [([String], FastCommand.Parsed)])
    func simpleCommandLinesAreParsed(_ arguments: [String], _ expected: FastCommand.Parsed) {
        #expect(FastCommand.parse(arguments) == expected)
    }

    /// Everything else is left to ArgumentParser (help, errors, batches and rarer options).
    @Test(arguments: [
        [], ["--help"], ["inspect", "a.json"], ["convert"], ["convert", "a.svg", "b.svg"],
        ["convert", "a.svg", "--output-dir", "out"], ["convert", "a.svg", "-o"], ["convert", "a.svg", "-o", "-x"],
        ["convert", "a.svg", "--to", "SVG"], ["convert", "a.svg", "--size", "1", "2"], ["convert", "a.svg", "-h"],
        ["convert", "a.svg", "-o", "a", "--output", "b"], ["convert", "a.svg", "--no-labels", "--no-labels"],
        ["convert", "help"], ["convert", "a.svg", "--"], ["convert", "a.svg", "--output=b.svg"],
        ["debug", "a.svg", "--to", "json"], ["debug", "a.svg", "--keep-groups"], ["debug", "a.svg", "--hit", "1,2"],
    ])
    func otherCommandLinesAreNot(_ arguments: [String]) {
        #expect(FastCommand.parse(arguments) == nil)
    }

    /// A directory input is a batch: ArgumentParser's path reports it.
    @Test func directoryInputIsLeftToArgumentParser() {
        #expect(FastCommand.run(["convert", "/"]) == nil)
    }
}
