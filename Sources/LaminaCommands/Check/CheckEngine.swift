#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The regression-check engine behind `lamina check` (SPEC §8).
///
/// It finds scenes (inputs with goldens beside them), regenerates each golden kind with
/// `generate`, compares bytes and, on a difference, a structural diff; with `record` it writes
/// the goldens instead. Scenes run in a task group, at most `options.jobs` at once, and the
/// report keeps their sorted order, so output and exit status are deterministic.
///
///     let engine = CheckEngine(generate: { url, kind in try convert(url, kind) }, options: CheckOptions())
///     let report = await engine.run(directories: [URL(fileURLWithPath: "Samples")])
///     exit(report.emit(junit: nil))
package struct CheckEngine: Sendable {
    /// Produces the output of one golden kind for an input file; throws when the input is bad.
    package typealias Generator = @Sendable (URL, GoldenKind) throws -> [UInt8]
    /// Produces the outputs of several kinds for one input at once (one output per kind, in
    /// order), so the input is read and laid out only once; throws when the input is bad.
    package typealias BatchGenerator = @Sendable (URL, [GoldenKind]) throws -> [[UInt8]]
    /// Like `BatchGenerator`, but given the whole scene (its input and configured root size)
    /// and the threads it may use (its share of ``CheckOptions/threads``).
    package typealias SceneGenerator = @Sendable (CheckScene, [GoldenKind], _ threads: Int) throws -> [[UInt8]]
    /// Like `SceneGenerator`, with each output in the pieces it is made of (see ``OutputPieces``).
    package typealias PiecesGenerator = @Sendable (CheckScene, [GoldenKind], _ threads: Int) throws -> [OutputPieces]
    /// Produces the layers of the drawables a scene's flattened SVG writes (``DrawableLayers``).
    package typealias DrawableNamer = @Sendable (CheckScene, _ threads: Int) throws -> DrawableLayers?

    /// The output generator (the real pipeline, or a fake in tests).
    package var generate: PiecesGenerator
    /// How to run.
    package var options: CheckOptions
    /// Names the layers of the drawables in SVG diffs (nil: by paint index only).
    package var nameDrawables: DrawableNamer?

    /// Creates an engine that asks `generate` for one kind at a time.
    package init(generate: @escaping Generator, options: CheckOptions) {
        self.generate = { scene, kinds, _ in try kinds.map { OutputPieces(try generate(scene.input, $0)) } }
        self.options = options
    }

    /// Creates an engine that asks `generateAll` for every needed kind of a scene in one call.
    package init(generateAll: @escaping BatchGenerator, options: CheckOptions) {
        self.generate = { scene, kinds, _ in try generateAll(scene.input, kinds).map(OutputPieces.init) }
        self.options = options
    }

    /// Creates an engine that asks `generateScene` for every needed kind of a scene in one
    /// call, passing the scene so the generator can honour its configured size.
    package init(generateScene: @escaping SceneGenerator, options: CheckOptions) {
        self.generate = { scene, kinds, threads in try generateScene(scene, kinds, threads).map(OutputPieces.init) }
        self.options = options
    }

    /// Creates an engine whose generator hands each output over in pieces.
    package init(generatePieces: @escaping PiecesGenerator, options: CheckOptions) {
        self.generate = generatePieces
        self.options = options
    }

    /// Checks (or records) every scene under `directories` (folders or input files).
    ///
    /// - Parameter progress: called with each scene's result as soon as it and every scene
    ///   before it are done, in scene order (for printing while the run goes on).
    package func run(directories: [URL], progress: (@Sendable (SceneResult) -> Void)? = nil) async -> CheckReport {
        let scenes: [CheckScene]
        switch CheckDiscovery.scenes(in: directories) {
        case .success(let s): scenes = s
        case .failure(let f): return CheckReport(options: options, scenes: [], failure: f)
        }
        guard !scenes.isEmpty else {
            let names = directories.map(CheckDiscovery.display).joined(separator: ", ")
            let f = CheckDiscovery.Failure(
                status: 66,
                message: "\(names): error: no scenes found (an input needs a golden such as NAME.expected.json beside it; "
                    + "to record the first goldens, name the inputs: lamina check DIR/NAME.svg --record)")
            return CheckReport(options: options, scenes: [], failure: f)
        }
        var rasterizer: SVGRasterizer?
        if options.render && !options.record {
            guard let r = SVGRasterizer.locate(override: options.rasterizer, environment: options.environment) else {
                // A renderer named by $LAMINA_RENDERER that is not there is named, not searched for on PATH.
                let message = options.rasterizer.map { "lamina: error: LAMINA_RENDERER \($0.path) is not an executable file" }
                    ?? "lamina: error: --render needs resvg or rsvg-convert on PATH"
                let f = CheckDiscovery.Failure(status: 69, message: message)
                return CheckReport(options: options, scenes: [], failure: f)
            }
            rasterizer = r
        }
        let width = options.jobs
        // Each scene checked at once gets its share of the threads, as a batch conversion gives
        // each file. Scenes run as tasks of the cooperative pool, which has a thread per
        // processor: a scene that waited there for work of its own on further threads (the
        // importer's prefetch) while every pool thread held a scene stalled until the system
        // added a thread (a check of 11 drawings took 1.4 s with two at once, 0.44 s with one).
        let threads = max(1, options.threads / max(1, min(width, scenes.count)))
        let runner = SceneRunner(
            generate: generate, options: options, rasterizer: rasterizer, threads: threads, nameDrawables: nameDrawables)
        let results = await withTaskGroup(of: (Int, SceneResult).self) { group in
            var out = [SceneResult?](repeating: nil, count: scenes.count)
            var next = 0
            var reported = 0
            while next < min(width, scenes.count) {
                let i = next
                group.addTask { (i, runner.run(scenes[i])) }
                next += 1
            }
            for await (i, result) in group {
                out[i] = result
                while reported < out.count, let done = out[reported] {
                    progress?(done)
                    reported += 1
                }
                if next < scenes.count {
                    let j = next
                    group.addTask { (j, runner.run(scenes[j])) }
                    next += 1
                }
            }
            return out.compactMap { $0 }
        }
        return CheckReport(options: options, scenes: results, failure: nil)
    }
}
