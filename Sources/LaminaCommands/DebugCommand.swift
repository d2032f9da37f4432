import ArgumentParser
import LaminaCore

/// `lamina debug IN [-o OUT]`: the flattened picture plus the frames-and-anchors overlay.
package struct DebugCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "debug",
        abstract: "Write the debug SVG: the flattened picture with frames, anchor points, labels and warnings on top."
    )

    @Argument(help: "An SVG or layer JSON file, or - for standard input.") var input: String
    @Option(name: .shortAndLong, help: "Output file, or - for standard output.") var output: String = "-"
    @OptionGroup var debug: DebugOptions
    @OptionGroup var size: SizeOption

    package init() {}

    package func run() throws {
        var options = Pipeline.Options()
        options.size = size.value
        options.debug = debug.value
        try withExitStatus { () throws(CommandError) in try Self.write(input, to: output, options: options) }
    }

    /// Writes the debug SVG of `input` to `output` (`-` for standard output); an output that is
    /// the input itself is refused.
    static func write(_ input: String, to output: String, options: Pipeline.Options) throws(CommandError) {
        let bytes = try FileIO.read(input, threads: options.split.threads)
        try FileIO.checkNotOverwriting(input: input, output: output)
        ConvertCommand.warnNameMismatch(.debug, path: output)
        try Pipeline.convert(consume bytes, file: input, as: .debug, options: options, to: output) {
            FileIO.printDiagnostics($0, file: input)
        }
    }
}
