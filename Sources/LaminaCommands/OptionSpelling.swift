/// Option words that a command does not declare, and options given twice.
///
/// ArgumentParser suggested the option nearest by edit distance among all of a command's, at up
/// to three edits however short the word: `convert x.svg --out y.svg` said `Did you mean
/// '--hit'?` (two edits) rather than `--output`, which `--out` begins. And an option given twice
/// (`-o a.svg -o b.svg`, `--to svg --to json`) silently took the last value.
package enum OptionSpelling {
    /// The option words of `arguments` (without the program name), with their indexes: words
    /// before a `--` that start with `-`, other than `-` (standard input or output) and negative
    /// numbers (``NegativeArguments/isNegativeNumber(_:)``).
    static func optionWords(_ arguments: [String]) -> [(index: Int, word: String)] {
        var words: [(Int, String)] = []
        for (i, word) in arguments.enumerated().dropFirst() {
            if word == "--" { break }
            if word.hasPrefix("-"), word != "-", !NegativeArguments.isNegativeNumber(word) { words.append((i, word)) }
        }
        return words
    }

    /// The option name of `word`: `--to` for `--to=svg`.
    static func name(_ word: String) -> String {
        word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? word
    }

    /// The message for the first option word in `arguments` (without the program name) that
    /// their command does not declare, with the option most likely meant: `unknown option
    /// '--out'; did you mean '--output'?`. Nil when every option word is the command's, and for
    /// an unknown short option or cluster of them (`-x`, `-ox`), which ArgumentParser names.
    package static func unknownOption(_ arguments: [String]) -> String? {
        guard let command = arguments.first, let options = CommandOptions.of(command: command) else { return nil }
        let longs = options.options.flatMap(\.spellings).filter { $0.hasPrefix("--") }.map { String($0.dropFirst(2)) }
        for (_, word) in optionWords(arguments) where options.option(word) == nil {
            let typed = name(word)
            let isLong = typed.hasPrefix("--")
            // `-output`: a long option typed with one dash.
            let meant = nearest(String(typed.dropFirst(isLong ? 2 : 1)), among: longs)
            guard isLong || (typed.count > 2 && meant != nil) else { return nil }
            return "unknown option '\(typed)'" + (meant.map { "; did you mean '--\($0)'?" } ?? "")
        }
        return nil
    }

    /// The option name `typed` (without dashes) most likely meant: the shortest of those it
    /// begins when it begins all of them (`out` → `output`, not `output-dir`), else the closest
    /// within one edit (five letters or fewer) or two, compared without case; nil when none is.
    static func nearest(_ typed: String, among names: [String]) -> String? {
        let lower = typed.lowercased()
        guard !lower.isEmpty else { return nil }
        let prefixed = names.filter { $0.hasPrefix(lower) }
        if let shortest = prefixed.min(by: { $0.count < $1.count }) {
            return prefixed.allSatisfy { $0.hasPrefix(shortest) } ? shortest : nil
        }
        let limit = lower.count <= 5 ? 1 : 2
        let scored = names.map { ($0, UnknownCommand.distance(Array(lower.utf8), Array($0.utf8))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= limit else { return nil }
        return best.0
    }

    /// The usage error for an option of `arguments` (without the program name) that takes one
    /// value and is given twice, under one spelling or two (`-o a.svg --output b.svg`); nil
    /// when there is none. A flag given twice says the same thing twice and passes.
    package static func repeatedOption(_ arguments: [String]) -> String? {
        guard let command = arguments.first else { return nil }
        let words = optionWords(arguments)
        // Describing the command costs about 0.5 ms, a fifth of a small `layout`: it is done only
        // when two words may name one option, the same word twice or a short spelling beside a
        // long one it may stand for (a short option is its long one's first letter, as
        // `.shortAndLong` makes it; OptionSpellingTests checks that every command keeps to that).
        let names = words.map { name($0.word) }
        let shorts = names.filter { !$0.hasPrefix("--") }.map { "--" + $0.dropFirst() }
        guard Set(names).count < names.count || shorts.contains(where: { short in names.contains { $0.hasPrefix(short) } }),
            let options = CommandOptions.of(command: command)
        else { return nil }
        var first: [CommandOptions.Option: String?] = [:]
        for (i, word) in words {
            guard let option = options.option(word), option.takesValue, !option.repeats else { continue }
            let value = value(of: word, at: i, in: arguments, words: option.takesWords ? arguments.count : 1)
            guard let earlier = first[option] else {
                first[option] = value
                continue
            }
            let values = if let earlier, let value { " ('\(earlier)' and '\(value)')" } else { "" }
            return UsageError.text("\(option.name) is given twice\(values); give it once", command: command)
        }
        return nil
    }

    /// The value given to the option `word` at `index`: after its `=`, or the next `count`
    /// words that are not options; nil when there is none.
    static func value(of word: String, at index: Int, in arguments: [String], words count: Int) -> String? {
        if let equals = word.firstIndex(of: "=") { return String(word[word.index(after: equals)...]) }
        let values = arguments.dropFirst(index + 1).prefix(count)
            .prefix { !$0.hasPrefix("-") || $0 == "-" || NegativeArguments.isNegativeNumber($0) }
        return values.isEmpty ? nil : values.joined(separator: " ")
    }
}
