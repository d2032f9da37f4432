/// Command lines whose numbers may be negative: `hit-test IN -5 3`, `map-point IN -5 -3 …`,
/// `map-rect IN -10 -10 20 20 …`, `debug IN --hit -5,-5` and `convert IN --to debug --hit -5,-5`.
///
/// ArgumentParser reads every word that starts with `-` as an option (`-5` is an unknown short
/// option), so a coordinate left of or above the origin needed `--` in front of the numbers. No
/// option of Lamina's is a dash followed by a digit, so such a word is a number: this moves the
/// positional words of those commands behind a `--` (options first, in their order), and joins
/// a value that looks like a negative number to its option (`--hit=-5,-5`).
package enum NegativeArguments {
    /// The commands with number arguments, and the options of theirs that take a value.
    static let valueOptions: [String: Set<String>] = [
        "hit-test": ["--hit-order", "--size"],
        "map-point": ["--from", "--to", "--size"],
        "map-rect": ["--from", "--to", "--size"],
        "debug": ["--hit", "--only", "--output", "-o", "--size"],
        "convert": ["--hit", "--only", "--output", "-o", "--output-dir", "--to", "--jobs", "--size"],
    ]

    /// Whether `word` is a negative number (`-5`, `-0.5`, `-.5`, `-1e3`) or a negative pair
    /// (`-5,-5`), not an option; also a word that reads as one only to Swift (`-inf`, `-nan`,
    /// `-0x10`), so that it reaches the number's own check (``DecimalNumber``), which names it,
    /// rather than being an unknown option or a missing value.
    static func isNegativeNumber(_ word: String) -> Bool {
        guard word.hasPrefix("-"), word.count > 1, !word.hasPrefix("--") else { return false }
        return word.split(separator: ",", omittingEmptySubsequences: false).allSatisfy { Double($0) != nil }
    }

    /// `arguments` (without the program name) with negative numbers made unambiguous; the same
    /// words when there is nothing to do (another command, or a `--` already given).
    package static func rewrite(_ arguments: [String]) -> [String] {
        guard let command = arguments.first, let takesValue = valueOptions[command], !arguments.contains("--"),
            arguments.dropFirst().contains(where: isNegativeNumber)
        else { return arguments }
        var options: [String] = []
        var positionals: [String] = []
        var i = 1
        while i < arguments.count {
            let word = arguments[i]
            i += 1
            if isNegativeNumber(word) || !word.hasPrefix("-") || word == "-" {
                positionals.append(word)
            } else if takesValue.contains(word) {
                // `--size` takes two numbers; the others one value.
                let count = word == "--size" ? 2 : 1
                var values: [String] = []
                while values.count < count, i < arguments.count,
                    !arguments[i].hasPrefix("-") || arguments[i] == "-" || isNegativeNumber(arguments[i])
                {
                    values.append(arguments[i])
                    i += 1
                }
                if count == 1, let v = values.first, isNegativeNumber(v) {
                    options.append(word + "=" + v)
                } else {
                    options.append(word)
                    options += values
                }
            } else {
                options.append(word)
            }
        }
        // A command with no positional negative number only needed its option values joined.
        if !positionals.contains(where: isNegativeNumber) { return [command] + options + positionals }
        return [command] + options + ["--"] + positionals
    }
}
