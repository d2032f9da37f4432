import ArgumentParser

/// A command name that is not one of Lamina's, with the one it most likely meant.
///
/// ArgumentParser reports `lamina conver in.svg` as `Unexpected argument 'conver'` without a
/// suggestion (it suggests for options only), and `lamina help conver` printed the overview with
/// status 0, so a script's typo passed. Both are now `lamina: error: unknown command 'conver';
/// did you mean 'convert'?` with status 64.
package enum UnknownCommand {
    /// The command names `lamina` accepts as its first word: its subcommands' (one list, the
    /// configuration's, so that a new command is never reported unknown).
    package static let names = Lamina.configuration.subcommands.compactMap { $0.configuration.commandName }

    /// The usage error for `arguments` (without the program name) whose command word is not a
    /// command, or nil when it is one (or an option, or absent: ArgumentParser handles those).
    package static func message(_ arguments: [String]) -> String? {
        guard var word = arguments.first else { return nil }
        if word == "help" {
            guard arguments.count > 1 else { return nil }
            word = arguments[1]
        }
        guard !word.hasPrefix("-"), word != "help", !names.contains(word) else { return nil }
        var text = "unknown command '\(word)'"
        if let near = nearest(to: word) { text += "; did you mean '\(near)'?" }
        return UsageError.text(text, command: nil)
    }

    /// The command `word` most likely meant: the only one it begins, or one within two edits
    /// (the first of the closest), compared without case.
    static func nearest(to word: String) -> String? {
        let lower = word.lowercased()
        let prefixed = names.filter { $0.hasPrefix(lower) }
        if !lower.isEmpty, prefixed.count == 1 { return prefixed[0] }
        let scored = names.map { ($0, distance(Array(lower.utf8), Array($0.utf8))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2 else { return nil }
        return best.0
    }

    /// The edit distance between `a` and `b` (insertions, deletions, substitutions and swaps of
    /// two neighbours each count 1).
    static func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
}
