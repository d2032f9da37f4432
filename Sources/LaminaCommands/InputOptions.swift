import ArgumentParser
import LaminaCore

/// Parses `W H` sizes given as two numbers after `--size`.
package struct SizeOption: ParsableArguments {
    /// The words after `--size`, read as decimal numbers by ``value`` (``DecimalNumber``).
    @Option(name: .long, parsing: .upToNextOption, help: "Resize the root layer to W H and lay out before writing.")
    package var size: [String] = []

    package init() {}

    package func validate() throws {
        if !size.isEmpty {
            guard size.count == 2 else { throw ValidationError("--size takes two numbers: W H") }
            if let bad = size.first(where: { (DecimalNumber.parse($0) ?? -1) < 0 }) {
                throw ValidationError(OptionValueCheck.refusal("--size", got: bad))
            }
        }
    }

    /// The requested size, if any.
    package var value: Size? {
        guard size.count == 2, let w = DecimalNumber.parse(size[0]), let h = DecimalNumber.parse(size[1]) else { return nil }
        return Size(w, h)
    }
}

/// Runs a command body, printing a `CommandError` and turning it into its exit status.
package func withExitStatus(_ body: () throws(CommandError) -> Void) throws {
    do {
        try body()
    } catch {
        FileIO.printError(error.description)
        throw ExitCode(error.status.rawValue)
    }
}

/// Parses a number argument (decimal, finite: ``DecimalNumber``), or throws a usage error naming it.
package func parseNumber(_ text: String, _ what: String) throws(CommandError) -> Double {
    guard let v = DecimalNumber.parse(text) else {
        throw CommandError(.usage, UsageError.prefix + "\(what) must be a finite decimal number, got '\(TerminalText.printable(text))'")
    }
    return v
}
