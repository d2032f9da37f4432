import ArgumentParser
import LaminaCore
import LaminaJSON

/// `lamina inspect IN [--layer PATH]`: resolved geometry of every layer as JSON (SPEC §7).
package struct InspectCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Print the resolved geometry of every layer (or one) as JSON."
    )

    @Argument(help: "An SVG or layer JSON file, or - for standard input.")
    var input: String

    @Option(name: .long, help: "Only the layer at this path (names joined by /, unnamed #N, root /).")
    var layer: String?

    @OptionGroup var size: SizeOption

    package init() {}

    package func run() throws {
        try withExitStatus { () throws(CommandError) in
            let bytes = try FileIO.read(input)
            let (scene, diagnostics, _) = try Pipeline.load(bytes, file: input, size: size.value)
            FileIO.printDiagnostics(diagnostics, file: input)
            // Streamed: the report of a deep tree is far larger than the tree.
            var output = try AtomicOutput(path: "-")
            guard InspectReport.write(scene: scene, layerPath: layer, split: Pipeline.defaultSplit, to: { output.write($0) }) else {
                throw UnknownLayerPath.error(layer ?? "", in: scene, file: input)
            }
            try output.commit()
        }
    }
}
