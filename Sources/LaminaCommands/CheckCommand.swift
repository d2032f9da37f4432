import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LaminaCore
import LaminaExport

/// `lamina check DIR... [--record] [--render] [--tolerance T] [--junit FILE]` (SPEC §8).
@available(macOS 10.15, macCatalyst 13, iOS 13, tvOS 13, watchOS 6, *)
package struct CheckCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Regenerate each scene's golden files (NAME.expected.json, .expected.svg, .expected.debug.svg) and compare.",
        discussion: """
            Exit 0 when every golden matches, 1 on any difference, missing golden, or input that is missing or \
            cannot be converted. Inputs found in a folder without any golden are not checked: name an input to \
            record its first goldens (lamina check scenes/new.svg --record). --record is the only way goldens are written.
            """
    )

    @Argument(help: "Directories (searched recursively) or scene files.") var paths: [String]
    @Flag(name: .long, help: "Write or update the goldens instead of comparing.") var record = false
    @Flag(name: .long, help: "Also rasterize golden and actual SVG (resvg or rsvg-convert on PATH) and compare pixels.") var render = false
    @Option(name: .long, help: "Numbers differing by at most T (default: 0) are reported but pass.") var tolerance: String?
    @Option(name: .long, help: "Write a JUnit XML report here.") var junit: String?
    @Option(name: .long, help: "Scenes checked at once (default: the number of cores).") var jobs: Int?

    package init() {}

    package func validate() throws {
        if let tolerance, (DecimalNumber.parse(tolerance) ?? -1) < 0 {
            throw ValidationError(OptionValueCheck.refusal("--tolerance", got: tolerance))
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        // Goldens sit beside a scene's file, and standard input has neither a file nor a folder:
        // `check -` was `-: error: no such file or directory` (66).
        // An empty word named the current folder (a file URL of "" is the working directory).
        if paths.contains("") { throw ValidationError("an empty path names no scene file or folder") }
        if paths.contains("-") {
            throw ValidationError("check compares files with the goldens beside them; standard input (-) has none: name a scene file or a folder")
        }
        // `-` elsewhere is standard output, which here carries the report.
        if junit == "-" { throw ValidationError("--junit needs a file name: standard output carries the report") }
    }

    package func run() async throws {
        let options = CheckOptions(
            record: record, render: render, tolerance: tolerance.flatMap { DecimalNumber.parse($0) } ?? 0,
            jobs: jobs ?? WorkSplit.processorCount, threads: Pipeline.defaultSplit.threads)
        var engine = CheckEngine(generatePieces: CheckCommand.generate, options: options)
        engine.nameDrawables = CheckCommand.drawableLayers
        // Each scene's lines are printed as soon as it and every scene before it are done, in
        // the same order and bytes as at the end: a long run in CI shows how far it got, also
        // when the job is stopped by its time limit.
        let tolerance = options.tolerance
        let report = await engine.run(directories: paths.map { URL(fileURLWithPath: $0) }) { result in
            // An input that cannot be converted is also a diagnostic (SPEC §2): to stderr, at the
            // start of a line, where editors and CI annotations find `FILE:LINE:COL: error:`.
            var diagnostics: [String] = []
            for kind in result.kinds {
                if case .generateFailed(let message) = kind.outcome, !diagnostics.contains(message) { diagnostics.append(message) }
            }
            for message in diagnostics { FileIO.writeAll(fd: 2, Array((TerminalText.printable(message) + "\n").utf8)) }
            CheckReport.printScene(result, tolerance: tolerance)
        }
        let status = report.emit(junit: junit.map { URL(fileURLWithPath: $0) }, scenesPrinted: true)
        if status != 0 { throw ExitCode(status) }
    }

    /// Loads a scene once (laid out at its configured size) and writes every requested kind at once
    /// (``Pipeline/renderAll(_:as:options:layoutWarnings:)``), each output in its pieces.
    package static func generate(_ checkScene: CheckScene, kinds: [GoldenKind], threads: Int) throws -> [OutputPieces] {
        let input = checkScene.input
        // Diagnostics name the input as the user's arguments reach it (`scenes/icons/tux.svg:3:7:`),
        // as `convert` does, so an editor or CI log can jump to it from where `check` ran.
        let file = input.relativePath
        let bytes = try FileIO.read(file)
        let size = checkScene.size.map { Size($0[0], $0[1]) }
        let (scene, _, layoutWarnings) = try Pipeline.load(bytes, file: file, size: size, threads: threads)
        let formats: [OutputFormat] = kinds.map { kind in
            switch kind {
            case .json: .json
            case .svg: .svg
            case .debugSVG: .debug
            }
        }
        var options = Pipeline.Options()
        options.split = WorkSplit(threads: threads)
        let outputs = Pipeline.renderAll(scene, as: formats, options: options, layoutWarnings: layoutWarnings)
        // Freed on a helper while the goldens are read and compared: freeing a large scene one
        // box at a time took 15 ms of the mesh plot's check on this thread, before the compare.
        Pipeline.freeInBackground(scene)
        return outputs
    }

    /// The layers of the drawables ``generate(_:kinds:threads:)`` writes into the flattened
    /// (and debug) SVG, in paint order: the scene loaded and resolved again, as it was for the
    /// outputs, and each display item's markup counted (asked for only when an SVG golden
    /// differs, so a passing check does not pay for it). Nil when an item's markup cannot be counted.
    package static func drawableLayers(_ checkScene: CheckScene, threads: Int) throws -> DrawableLayers? {
        let file = checkScene.input.relativePath
        let bytes = try FileIO.read(file)
        let size = checkScene.size.map { Size($0[0], $0[1]) }
        let (scene, _, _) = try Pipeline.load(bytes, file: file, size: size, threads: threads)
        // As `Pipeline.renderAll` resolves it for the flat output (no layer maps without --keep-groups).
        let (list, _) = DisplayList.resolve(scene, layerMaps: false, threads: threads)
        let paths = scene.tree.paths(from: scene.root)
        var layers = DrawableLayers()
        var counted = true
        FlattenedSVG.eachItemMarkup(list, scene: scene) { i, markup in
            let layer = list.items[i].layer
            if counted { counted = layers.add(markup: markup, layer: layer.index < paths.count ? paths[layer.index] : nil) }
        }
        return counted ? layers : nil
    }
}
