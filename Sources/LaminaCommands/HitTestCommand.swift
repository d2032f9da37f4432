import ArgumentParser
import LaminaCore

/// `lamina hit-test IN X Y`: the layer Core Animation's `hitTest:` returns (SPEC §2).
package struct HitTestCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "hit-test",
        abstract: "Print the path of the layer hit at (X, Y) in the root layer's superlayer space, or none."
    )

    @Argument(help: "An SVG or layer JSON file, or - for standard input.")
    var input: String

    @Argument(help: "X in the root layer's superlayer space.")
    var x: String

    @Argument(help: "Y in the root layer's superlayer space.")
    var y: String

    @Option(name: .long, help: "Sibling order searched: the sublayers' own (zPosition ignored), or the reverse of the drawing order (measured on macOS).")
    var hitOrder: HitTestOrder = .array

    @OptionGroup var size: SizeOption

    package init() {}

    package func run() throws {
        try withExitStatus { () throws(CommandError) in
            let point = Point(try parseNumber(x, "X"), try parseNumber(y, "Y"))
            let bytes = try FileIO.read(input)
            let (scene, diagnostics, _) = try Pipeline.load(bytes, file: input, size: size.value)
            FileIO.printDiagnostics(diagnostics, file: input)
            let hit = scene.tree.hitTest(point, in: scene.root, order: hitOrder)
            let text = hit.map { scene.tree.path(of: $0, root: scene.root) } ?? "none"
            try FileIO.write(text + "\n", to: "-")
        }
    }
}

extension HitTestOrder: ExpressibleByArgument {}
