import ArgumentParser
import LaminaCore

/// Resolves a `--from`/`--to` layer path argument; `nil` for the root's superlayer space.
func resolveLayer(_ path: String?, in scene: Scene, file: String) throws(CommandError) -> LayerID? {
    guard let path else { return nil }
    guard let id = scene.tree.layer(atPath: path, root: scene.root) else {
        throw UnknownLayerPath.error(path, in: scene, file: file)
    }
    return id
}

/// `lamina map-point IN X Y --from PATH --to PATH`: `convertPoint:fromLayer:` (SPEC §2).
package struct MapPointCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "map-point",
        abstract: "Convert a point from one layer's space to another's and print it as 'x y'.",
        discussion: "Omit --from or --to to mean the root layer's superlayer space (a nil layer)."
    )

    @Argument(help: "An SVG or layer JSON file, or - for standard input.") var input: String
    @Argument(help: "X in the --from layer's space.") var x: String
    @Argument(help: "Y in the --from layer's space.") var y: String
    @Option(name: .long, help: "The layer path the point is in.") var from: String?
    @Option(name: .long, help: "The layer path to convert to.") var to: String?
    @OptionGroup var size: SizeOption

    package init() {}

    package func run() throws {
        try withExitStatus { () throws(CommandError) in
            let point = Point(try parseNumber(x, "X"), try parseNumber(y, "Y"))
            let bytes = try FileIO.read(input)
            let (scene, diagnostics, _) = try Pipeline.load(bytes, file: input, size: size.value)
            FileIO.printDiagnostics(diagnostics, file: input)
            let a = try resolveLayer(from, in: scene, file: input)
            let b = try resolveLayer(to, in: scene, file: input)
            let p = scene.tree.convert(point, from: a, to: b)
            guard p.isFinite else {
                FileIO.printError("\(input): warning: the point has no image: a transform on the way is not invertible or puts it behind the eye")
                try FileIO.write("nan nan\n", to: "-")
                return
            }
            try FileIO.write("\(NumberText.format(p.x)) \(NumberText.format(p.y))\n", to: "-")
        }
    }
}

/// `lamina map-rect IN X Y W H --from PATH --to PATH`: `convertRect:fromLayer:`.
package struct MapRectCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "map-rect",
        abstract: "Convert a rectangle between layers and print the bounding box as 'x y w h'."
    )

    @Argument(help: "An SVG or layer JSON file, or - for standard input.") var input: String
    @Argument(help: "X Y W H in the --from layer's space.") var rect: [String]
    @Option(name: .long, help: "The layer path the rectangle is in.") var from: String?
    @Option(name: .long, help: "The layer path to convert to.") var to: String?
    @OptionGroup var size: SizeOption

    package init() {}

    package func validate() throws {
        guard rect.count == 4 else { throw ValidationError("map-rect takes four numbers: X Y W H") }
    }

    package func run() throws {
        try withExitStatus { () throws(CommandError) in
            let n = try rect.map { (s: String) throws(CommandError) -> Double in try parseNumber(s, "rect") }
            let bytes = try FileIO.read(input)
            let (scene, diagnostics, _) = try Pipeline.load(bytes, file: input, size: size.value)
            FileIO.printDiagnostics(diagnostics, file: input)
            let a = try resolveLayer(from, in: scene, file: input)
            let b = try resolveLayer(to, in: scene, file: input)
            let r = scene.tree.convert(Rect(n[0], n[1], n[2], n[3]), from: a, to: b)
            guard r.origin.isFinite, r.width.isFinite, r.height.isFinite else {
                FileIO.printError("\(input): warning: the rectangle has no image: a transform on the way is not invertible or puts a corner behind the eye")
                try FileIO.write("nan nan nan nan\n", to: "-")
                return
            }
            let text = [r.x, r.y, r.width, r.height].map(NumberText.format).joined(separator: " ")
            try FileIO.write(text + "\n", to: "-")
        }
    }
}
