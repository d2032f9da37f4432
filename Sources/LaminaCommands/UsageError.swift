/// How a usage error (status 64) is printed: one style for Lamina's own and ArgumentParser's.
///
/// ArgumentParser printed its errors as `Error: Missing expected argument '<inputs> ...'` and
/// Lamina its own as `lamina: error: cannot tell the output format of 'out'`, so a script or a
/// reader matching one missed the other. Every usage error now starts `lamina: error: ` followed
/// by a lowercase sentence, as a compiler's do; ArgumentParser's usage line and its pointer to
/// `--help` stay below it.
package enum UsageError {
    /// What every usage error's first line starts with.
    package static let prefix = "lamina: error: "

    /// The text of a usage error found before parsing: `message`, then a pointer to the help of
    /// `command` (the first word of the arguments), or to `lamina --help` when it is none.
    static func text(_ message: String, command: String?) -> String {
        let help = if let command, UnknownCommand.names.contains(command) { "lamina \(command) --help" } else { "lamina --help" }
        return prefix + TerminalText.printable(message) + "\n  See '\(help)' for more information.\n"
    }

    /// ArgumentParser's `full` text of an error whose brief message is `message`, with its first
    /// line written `lamina: error: ` and `replacement` (when given, else `message`) in
    /// Lamina's case; `full` unchanged when `message` is not in it. Ends with a line feed.
    package static func relabel(_ full: String, message: String, replacement: String? = nil) -> String {
        var text = full
        if !message.isEmpty, let range = full.firstRange(of: message) {
            text = prefix + TerminalText.printable(sentence(replacement ?? message)) + full[range.upperBound...]
        }
        return text.hasSuffix("\n") ? text : text + "\n"
    }

    /// `message` starting with a lowercase letter when it starts with a capitalized word
    /// (`Missing expected argument` → `missing expected argument`); an acronym or a name
    /// (`X must be…`, `JSON`) is kept.
    static func sentence(_ message: String) -> String {
        let scalars = Array(message.unicodeScalars.prefix(2))
        guard scalars.count == 2, ("A"..."Z").contains(scalars[0]), ("a"..."z").contains(scalars[1]) else { return message }
        return message.prefix(1).lowercased() + message.dropFirst()
    }
}
