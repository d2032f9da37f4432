import LaminaCore
import LaminaExport

/// Streaming the debug SVG of `debug`/`convert` to the output file in pieces, so the whole
/// document (hundreds of MB for a large file: one labelled group per layer) is never in memory.
extension Pipeline {
    /// Resolves `scene` and writes its debug SVG to the file `path`; `report` gets every
    /// diagnostic once the overlay is written, before the output is committed. The bytes are
    /// those of ``render(_:as:options:layoutWarnings:)``.
    static func streamDebugSVG(
        _ scene: Scene, options: Options, layoutWarnings: [Diagnostic], loadDiagnostics: [Diagnostic], to path: String,
        report: ([Diagnostic]) -> Void
    ) throws(CommandError) {
        var debugOptions = options.debug
        debugOptions.extraWarnings += layoutWarnings
        // The overlay is drawn on a second thread while the picture is resolved and written
        // (unless the writers are held to one thread: LAMINA_THREADS=1, or a batch's share).
        let overlay = options.split.threads > 1 ? DebugSVG.OverlayJob(scene: scene, options: debugOptions, threads: options.split.threads) : nil
        let (list, warnings) = DisplayList.resolve(scene)
        let output: AtomicOutput
        do {
            output = try AtomicOutput(path: path)
        } catch {
            // As when rendering first: the diagnostics are reported before the write fails.
            let (_, renderDiagnostics) = render(scene, as: .debug, options: options, layoutWarnings: layoutWarnings)
            report(loadDiagnostics + renderDiagnostics)
            throw error
        }
        var out = output
        let all = DebugSVG.document(
            list, scene: scene, keepGroups: options.keepGroups, options: debugOptions, overlay: overlay
        ) { out.write($0) }
        // The overlay returns its own findings, then the layout warnings it was given, which
        // are already among the load diagnostics.
        let own = all.dropLast(min(layoutWarnings.count, all.count))
        report(loadDiagnostics + warnings + own)
        try out.commit()
    }
}
