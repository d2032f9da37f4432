import ArgumentParser
import LaminaCore

/// Parses `W H` sizes given as two numbers after `--size`.
package struct SizeOption: ParsableArguments {
    @Option(name: .long, parsing: .upToNextOption, help: "Resize the root layer to W H and lay out before writing.")
    package var size: [Double] = []

    package init() {}

    package func validate() throws {
        if !size.isEmpty {
            guard size.count == 2 else { throw ValidationError("--size takes two numbers: W H") }
            guard size.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
                throw ValidationError("--size needs finite, non-negative numbers")
            }
        }
    }

    /// The requested size, if any.
    package var value: Size? { size.count == 2 ? Size(size[0], size[1]) : nil }
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

/// Parses a number argument, or throws a usage error naming it.
package func parseNumber(_ text: String, _ what: String) throws(CommandError) -> Double {
    guard let v = Double(text), v.isFinite else {
        throw CommandError(.usage, "lamina: error: \(what) must be a finite number, got '\(text)'")
    }
    return v
}
