import ArgumentParser
import LaminaCore
import LaminaJSON

/// `lamina layout IN --size W H [-o OUT]`: resize the root, lay out, write layer JSON.
package struct LayoutCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Resize the root layer to W×H, run autoresizing and constraint layout, and write layer JSON."
    )

    @Argument(help: "An SVG or layer JSON file, or - for standard input.") var input: String
    @OptionGroup var size: SizeOption
    @Option(name: .shortAndLong, help: "Output file, or - for standard output.") var output: String = "-"

    package init() {}

    package func validate() throws {
        guard size.value != nil else { throw ValidationError("layout needs --size W H") }
    }

    package func run() throws {
        try withExitStatus { () throws(CommandError) in
            let bytes = try FileIO.read(input)
            let (scene, diagnostics, _) = try Pipeline.load(bytes, file: input, size: size.value)
            FileIO.printDiagnostics(diagnostics, file: input)
            ConvertCommand.warnNameMismatch(.json, path: output)
            var out = try AtomicOutput(path: output)
            LayerJSON.encode(scene) { out.write($0) }
            try out.commit()
        }
    }
}
