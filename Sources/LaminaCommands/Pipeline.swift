#if canImport(Glibc)
import Dispatch
import Glibc
#endif
import LaminaCore
import Synchronization
import LaminaExport
import LaminaJSON
import LaminaSVGImport

/// What `convert` can write.
package enum OutputFormat: String, Sendable, CaseIterable {
    case json, svg, debug

    /// The format implied by an output file name, if any.
    package static func from(path: String) -> OutputFormat? {
        let lower = path.lowercased()
        if lower.hasSuffix(".debug.svg") { return .debug }
        if lower.hasSuffix(".svg") { return .svg }
        if lower.hasSuffix(".json") { return .json }
        return nil
    }

    /// The file extension written by `--output-dir`.
    package var fileExtension: String {
        switch self {
        case .json: "json"
        case .svg: "svg"
        case .debug: "debug.svg"
        }
    }
}

/// The import → layout → resolve → write pipeline of SPEC §1, shared by every command.
package enum Pipeline {
    /// Options that change what the pipeline produces.
    package struct Options: Sendable {
        /// Resize the root layer to this size and lay out before writing.
        package var size: Size?
        /// `--keep-groups`: one `g` per layer.
        package var keepGroups = false
        /// Debug overlay options.
        package var debug = DebugSVG.Options()
        /// The threads the writers use (every processor, or `LAMINA_THREADS`; a batch shares them).
        package var split = Pipeline.defaultSplit
        /// Whether ``Pipeline/convert(_:file:as:options:to:report:)`` frees the scene when it is
        /// done. A one-file command line leaves that to the process exit, which takes no time,
        /// while freeing a large scene one box at a time takes about 3 % of its conversion; a
        /// batch (or any caller that goes on) frees it.
        package var freesScene = true

        package init() {}
    }

    /// Every processor, or the thread count in the environment variable `LAMINA_THREADS`;
    /// `LAMINA_CHUNK_ITEMS` sets the chunk size and splits even small inputs (both for tests
    /// and measurements: the output bytes never depend on them).
    package static let defaultSplit: WorkSplit = {
        var split = WorkSplit(threads: WorkSplit.processorCount)
        if let n = environmentCount("LAMINA_THREADS") { split.threads = n }
        if let n = environmentCount("LAMINA_CHUNK_ITEMS") {
            split.chunkItems = n
            split.sequentialBelow = 0
        }
        return split
    }()

    /// The positive whole number in the environment variable `name`, if it holds one (read with
    /// `getenv`: `ProcessInfo.environment` copies the whole environment first).
    static func environmentCount(_ name: String) -> Int? {
        guard let value = getenv(name), let n = Int(String(cString: value)), n >= 1 else { return nil }
        return n
    }

    /// Whether bytes named `file` are layer JSON (by extension, else by a leading `{`).
    package static func isJSON(_ bytes: [UInt8], file: String) -> Bool {
        let lower = file.lowercased()
        if lower.hasSuffix(".json") { return true }
        if lower.hasSuffix(".svg") { return false }
        for b in bytes where b != 0x20 && b != 0x0A && b != 0x0D && b != 0x09 && b != 0xEF && b != 0xBB && b != 0xBF {
            return b == UInt8(ascii: "{")
        }
        return false
    }

    /// Reads a scene from SVG or layer JSON and runs layout (at `size` when given); an SVG import
    /// may use up to `threads` threads.
    ///
    /// - Returns: the laid-out scene, every diagnostic (import and layout), and the layout
    ///   warnings alone (the debug overlay draws those).
    package static func load(
        _ bytes: consuming [UInt8], file: String, size: Size? = nil, threads: Int = WorkSplit.processorCount
    ) throws(CommandError) -> (scene: Scene, diagnostics: [Diagnostic], layoutWarnings: [Diagnostic]) {
        var scene: Scene
        var diagnostics: [Diagnostic] = []
        if isJSON(bytes, file: file) {
            do {
                scene = try LayerJSON.decode(bytes, file: file, threads: threads)
            } catch {
                throw CommandError(.dataError, error.description)
            }
            _ = consume bytes  // decoded: free the input before the clean-up and layout
            diagnostics += VerbatimGuard.clean(&scene, file: file)
        } else {
            // An `.svgz` (gzip) would fail as `not an XML document: Start tag expected`.
            if bytes.count >= 2, bytes[0] == 0x1F, bytes[1] == 0x8B {
                throw CommandError(.dataError, "\(file):1:1: error: the input is gzip-compressed (an .svgz), which Lamina does not read; decompress it first (gunzip -c)")
            }
            do {
                let result = try SVGImport.importScene(consume bytes, file: file, threads: threads)
                scene = result.scene
                diagnostics = result.diagnostics
            } catch {
                throw CommandError(.dataError, error.description)
            }
        }
        let layoutWarnings = layOut(&scene, size: size)
        return (scene, diagnostics + layoutWarnings, layoutWarnings)
    }

    /// Resizes the root (keeping its frame at the origin) when asked, then runs the layout pass.
    package static func layOut(_ scene: inout Scene, size: Size?) -> [Diagnostic] {
        if let size {
            let root = scene.root
            let old = scene.tree.frame(of: root)
            scene.tree.setFrame(Rect(old.origin.x, old.origin.y, size.width, size.height), of: root)
            if var info = scene.tree[root].svg {
                // The new size, in place of the input's (or where it gave none).
                info.extra.removeAll { $0.name == "width" || $0.name == "height" }
                info.extra.insert(contentsOf: [
                    StyleProperty("width", NumberText.format(size.width)), StyleProperty("height", NumberText.format(size.height)),
                ], at: 0)
                scene.tree[root].svg = info
            }
        }
        return scene.tree.layout(root: scene.root)
    }

    /// Writes a loaded scene in one output format.
    package static func render(
        _ scene: Scene, as format: OutputFormat, options: Options, layoutWarnings: [Diagnostic] = []
    ) -> (bytes: [UInt8], diagnostics: [Diagnostic]) {
        switch format {
        case .json:
            return (LayerJSON.encodeBytes(scene, split: options.split), [])
        case .svg:
            let (list, warnings) = DisplayList.resolve(scene, layerMaps: options.keepGroups, threads: options.split.threads)
            var o = FlattenedSVG.Options()
            o.keepGroups = options.keepGroups
            o.split = options.split
            return (FlattenedSVG.bytes(list, scene: scene, options: o), warnings)
        case .debug:
            let (list, warnings) = DisplayList.resolve(scene)
            var debugOptions = options.debug
            debugOptions.extraWarnings += layoutWarnings
            let document = DebugSVG.document(
                list, scene: scene, keepGroups: options.keepGroups, options: debugOptions)
            // The overlay returns its own findings, then the layout warnings it was given, which
            // the caller has already reported with the load diagnostics.
            let own = document.warnings.dropLast(min(layoutWarnings.count, document.warnings.count))
            return (document.bytes, warnings + own)
        }
    }

    /// The bytes of every format in `formats` (in that order) for one loaded scene, each those
    /// of ``render(_:as:options:layoutWarnings:)``, written at once for `check`: the layer JSON
    /// on one thread while the picture is resolved once and written on another, the flattened
    /// export once for both SVG outputs (the debug SVG is that document with the overlay before
    /// its `</svg>`), and the overlay drawn ahead on a thread of its own. Each output comes in
    /// the pieces it is made of (the debug SVG is not copied into one array).
    package static func renderAll(
        _ scene: Scene, as formats: [OutputFormat], options: Options, layoutWarnings: [Diagnostic] = []
    ) -> [OutputPieces] {
        // Below a few hundred layers all three take less time than starting the threads.
        let threads = scene.tree.count < renderAllThreadsFrom ? 1 : options.split.threads
        let wantsDebug = formats.contains(.debug)
        var debugOptions = options.debug
        debugOptions.extraWarnings += layoutWarnings
        let overlay = wantsDebug && threads > 1 ? DebugSVG.OverlayJob(scene: scene, options: debugOptions, threads: threads) : nil
        let jobs: [OutputFormat?] = [formats.contains(.json) ? .json : nil, formats.contains(where: { $0 != .json }) ? .svg : nil]
        let written = ParallelWork.map(jobs.count, threads: threads) { i -> [OutputFormat: OutputPieces] in
            switch jobs[i] {
            case .json?:
                // In pieces of 1 MB: one array sized ahead (512 bytes a layer) regrew and was
                // copied whole when a deep tree's indentation made the document larger.
                var pieces: [ArraySlice<UInt8>] = []
                LayerJSON.encode(scene, chunkSize: 1 << 20, split: options.split) { pieces.append(Array($0)[...]) }
                return [.json: OutputPieces(pieces: pieces)]
            case .svg?:
                let (list, _) = DisplayList.resolve(scene, layerMaps: options.keepGroups, threads: threads)
                var o = FlattenedSVG.Options()
                o.keepGroups = options.keepGroups
                o.split = options.split
                let flat = FlattenedSVG.bytes(list, scene: scene, options: o)
                // The overlay drawn ahead is taken once this job and the other are done.
                guard wantsDebug, overlay == nil else { return [.svg: OutputPieces(flat)] }
                let debug = DebugSVG.documentPieces(flat: flat, scene: scene, options: debugOptions)
                return [.svg: OutputPieces(flat), .debug: OutputPieces(pieces: debug.pieces)]
            default:
                return [:]
            }
        }
        var byFormat = written.reduce(into: [:]) { all, part in all.merge(part) { a, _ in a } }
        // Waited for here, not inside a job: a job's thread blocked on it kept the overlay's
        // own helpers from starting (two pool threads held, on two processors), and the last
        // third of a large overlay was drawn on one thread.
        if let overlay, let flat = byFormat[.svg] {
            let debug = DebugSVG.documentPieces(flat: flat.bytes, scene: scene, options: debugOptions, overlay: overlay)
            byFormat[.debug] = OutputPieces(pieces: debug.pieces)
        }
        return formats.map { byFormat[$0] ?? OutputPieces([]) }
    }

    /// Scenes with fewer layers are written by ``renderAll(_:as:options:layoutWarnings:)`` on
    /// the calling thread only.
    static let renderAllThreadsFrom = 256

    /// Load and render in one step, for `convert`, `debug` and `check`.
    package static func run(
        _ bytes: [UInt8], file: String, as format: OutputFormat, options: Options
    ) throws(CommandError) -> (bytes: [UInt8], diagnostics: [Diagnostic]) {
        let (scene, loadDiagnostics, layoutWarnings) = try load(bytes, file: file, size: options.size, threads: options.split.threads)
        let (output, renderDiagnostics) = render(scene, as: format, options: options, layoutWarnings: layoutWarnings)
        return (output, loadDiagnostics + renderDiagnostics)
    }

    /// Load, render and write to `path` (atomically, `-` for standard output) in one step, for
    /// `convert` and `debug`: `report` gets every diagnostic before the output is written.
    /// Layer JSON and flattened SVG are streamed to the file in pieces instead of being built
    /// whole in memory first.
    ///
    /// The input bytes are released as soon as they are parsed (pass them with `consume`).
    package static func convert(
        _ bytes: consuming [UInt8], file: String, as format: OutputFormat, options: Options, to path: String,
        report: ([Diagnostic]) -> Void
    ) throws(CommandError) {
        // The input is not needed after the import: `load` frees it before the scene is built.
        let (scene, loadDiagnostics, layoutWarnings) = try load(consume bytes, file: file, size: options.size, threads: options.split.threads)
        if format == .debug, let only = options.debug.only {
            // One file: a path that names no layer is a usage error, as for `inspect --layer`
            // (a batch only warns, since its files need not all have the layer).
            _ = try resolveLayer(only, in: scene, file: file)
        }
        switch format {
        case .json:
            report(loadDiagnostics)
            var output = try AtomicOutput(path: path)
            // Written in place in the output's buffers (no copy of the document between them);
            // the chunks written on other threads go to the output's writing thread in their
            // own buffers.
            LayerJSON.encode(scene, split: options.split) { output.room(after: $0, minimum: $1) } handOver: {
                output.handOver(written: $0, $1, release: $2)
            }
            try output.commit()
        case .svg:
            // Flat output never reads the layers' maps: not stored (49 bytes per layer).
            let (list, warnings) = DisplayList.resolve(scene, layerMaps: options.keepGroups, threads: options.split.threads)
            report(loadDiagnostics + warnings)
            var output = try AtomicOutput(path: path)
            var o = FlattenedSVG.Options()
            o.keepGroups = options.keepGroups
            o.split = options.split
            FlattenedSVG.write(list, scene: scene, options: o) { output.write($0) }
            try output.commit()
            if !options.freesScene { keepUntilExit(list) }
        case .debug where path != "-":
            // Streamed; the overlay's warnings are reported once it is written, before the commit.
            try streamDebugSVG(
                scene, options: options, layoutWarnings: layoutWarnings, loadDiagnostics: loadDiagnostics, to: path,
                report: report)
        case .debug:
            // To standard output the warnings must come first, so the document is built whole.
            let (rendered, renderDiagnostics) = render(
                scene, as: format, options: options, layoutWarnings: layoutWarnings)
            report(loadDiagnostics + renderDiagnostics)
            try FileIO.write(rendered, to: path)
        }
        if !options.freesScene { keepUntilExit(scene) }
    }

    /// Frees `value` on a helper thread (the caller's last reference is handed over), so that
    /// the caller goes on while a large scene is taken apart.
    static func freeInBackground<T: Sendable>(_ value: consuming T) {
        let box = KeptUntilExit(value)
        DispatchQueue.global().async { withExtendedLifetime(box) {} }
    }

    /// Keeps `value` alive until the process ends, which returns its memory at once. It is held
    /// in ``keptUntilExit``, not dropped unreleased, so that a leak checker (LeakSanitizer in
    /// `Tests/Sanitizers/asan.sh`) finds it still reachable.
    static func keepUntilExit<T: Sendable>(_ value: T) {
        let box: any AnyObject & Sendable = KeptUntilExit(value)
        keptUntilExit.withLock { $0.append(box) }
    }
}

/// The values ``Pipeline/keepUntilExit(_:)`` keeps.
private let keptUntilExit = Mutex<[any AnyObject & Sendable]>([])

/// A value held by one reference: never released (``Pipeline/keepUntilExit(_:)``), or released
/// on a helper thread (``Pipeline/freeInBackground(_:)``).
private final class KeptUntilExit<T> {
    let value: T
    init(_ value: T) { self.value = value }
}

extension KeptUntilExit: Sendable where T: Sendable {}
