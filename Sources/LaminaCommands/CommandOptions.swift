import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The options one command declares, read from ArgumentParser's description of the command (the
/// JSON `--experimental-dump-help` prints), so that no list of them is kept by hand.
///
/// Built only when a command line needs it (a parse error, or an option word that may repeat):
/// describing a command costs as much as parsing one.
package struct CommandOptions: Sendable {
    /// One option or flag.
    package struct Option: Sendable, Hashable {
        /// Its spellings as typed (`--output`, `-o`), the first long one first.
        package var spellings: [String]
        /// Whether it takes a value (an option rather than a flag).
        package var takesValue: Bool
        /// Whether it may be given more than once to collect several values (an array option
        /// given one value at a time; `--size W H` takes its values at one occurrence).
        package var repeats: Bool
        /// Whether one occurrence takes every word up to the next option (`--size W H`).
        package var takesWords: Bool

        /// The spelling to name it by in a message: its first long one.
        package var name: String { spellings.first { $0.hasPrefix("--") } ?? spellings[0] }
    }

    /// The command's options, in declaration order.
    package var options: [Option]

    /// The options of the command named `command`, or nil when it is not one of Lamina's.
    package static func of(command: String) -> CommandOptions? {
        guard let type = Lamina.configuration.subcommands.first(where: { $0.configuration.commandName == command }),
            let dump = try? JSONDecoder().decode(Dump.self, from: Data(type._dumpHelp().utf8))
        else { return nil }
        let options = (dump.command.arguments ?? []).compactMap { argument -> Option? in
            guard argument.kind != "positional", let names = argument.names, !names.isEmpty else { return nil }
            let spellings = names.map { $0.kind == "short" ? "-" + $0.name : $0.kind == "long" ? "--" + $0.name : "-" + $0.name }
            let ordered = spellings.filter { $0.hasPrefix("--") } + spellings.filter { !$0.hasPrefix("--") }
            let takesWords = argument.parsingStrategy == "upToNextOption"
            return Option(spellings: ordered, takesValue: argument.kind == "option",
                          repeats: argument.isRepeating && !takesWords, takesWords: takesWords)
        }
        return CommandOptions(options: options)
    }

    /// The option `word` spells (`--output`, `-o`, or `--output=x.svg` with its value), if any.
    package func option(_ word: String) -> Option? {
        let name = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? word
        return options.first { $0.spellings.contains(name) }
    }

    /// The part of ArgumentParser's tool description read here (`ToolInfoV0`).
    private struct Dump: Decodable {
        struct Command: Decodable { var arguments: [Argument]? }
        struct Argument: Decodable {
            var kind: String
            var names: [Name]?
            var isRepeating: Bool
            var parsingStrategy: String?
        }
        struct Name: Decodable {
            var kind: String
            var name: String
        }
        var command: Command
    }
}
