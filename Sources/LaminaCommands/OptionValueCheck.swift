/// Number options given values that ArgumentParser would misreport.
///
/// ArgumentParser reads a word starting with `-` as an option, so `layout in.svg --size -5 3`
/// said `Missing value for '--size <size>'` and `check DIR --jobs -1` `Missing value for
/// '--jobs <jobs>'`, as if nothing had been typed; and `--size 320,480` (written like
/// `--hit X,Y`) was `The value '320,480' is invalid`. These are refused before parsing with the
/// rule the value broke (64, as before).
package enum OptionValueCheck {
    /// The usage error for `arguments` (without the program name), or nil when their number
    /// options are not given negative numbers or a joined size.
    package static func message(_ arguments: [String]) -> String? {
        guard let command = arguments.first else { return nil }
        var i = 1
        while i < arguments.count, arguments[i] != "--" {
            let word = arguments[i]
            let values = arguments[(i + 1)...].prefix(word == "--size" ? 2 : 1)
            if let bad = values.first(where: NegativeArguments.isNegativeNumber), rules[word] != nil {
                return usage(refusal(word, got: bad), command: command)
            }
            if word == "--size", let first = values.first, let pair = joinedPair(first) {
                return usage("--size takes two numbers separated by a space: --size \(pair.0) \(pair.1)", command: command)
            }
            i += 1
        }
        return nil
    }

    /// What each number option accepts, as its validation says it.
    static let rules = [
        "--size": "--size needs finite, non-negative decimal numbers",
        "--jobs": "--jobs must be at least 1",
        "--tolerance": "--tolerance must be a finite, non-negative decimal number",
    ]

    /// The message refusing `value` after `option`: its rule and the value (`--size needs
    /// finite, non-negative decimal numbers, got '-5'`).
    static func refusal(_ option: String, got value: String) -> String {
        "\(rules[option] ?? option), got '\(value)'"
    }

    /// The two numbers of `word` when it is two numbers joined by `,` or `x` (`320,480`, `320x480`).
    static func joinedPair(_ word: String) -> (String, String)? {
        if Double(word) != nil { return nil }  // `0x10` is one number
        for separator: Character in [",", "x", "X"] {
            let parts = word.split(separator: separator, omittingEmptySubsequences: false)
            if parts.count == 2, Double(parts[0]) != nil, Double(parts[1]) != nil { return (String(parts[0]), String(parts[1])) }
        }
        return nil
    }

    static func usage(_ message: String, command: String) -> String {
        UsageError.text(message, command: command)
    }
}
