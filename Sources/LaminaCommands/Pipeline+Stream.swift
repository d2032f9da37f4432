import LaminaCore
import LaminaExport

/// Streaming the SVG outputs of `convert` and `debug` to the output file in pieces, so the
/// whole document (for `debug` of a large file, hundreds of MB) is never built in memory.
extension Pipeline {
    /// Resolves `scene` and writes it as flat SVG (`.svg`) or debug SVG (`.debug`) to `path`;
    /// `report` gets every diagnostic before the output is committed. Bytes are the same as
    /// ``render(_:as:options:layoutWarnings:)``'s.
    static func streamSVG(
        _ scene: Scene, as format: OutputFormat, options: Options, layoutWarnings: [Diagnostic],
        loadDiagnostics: [Diagnostic], to path: String, report: ([Diagnostic]) -> Void
    ) throws(CommandError) {
        let (list, warnings) = DisplayList.resolve(scene)
        if format == .svg {
            report(loadDiagnostics + warnings)
            var output = try AtomicOutput(path: path)
            let o = FlattenedSVG.Options(keepGroups: options.keepGroups)
            FlattenedSVG.write(list, scene: scene, options: o) { output.write($0) }
            try output.commit()
            return
        }
        var debugOptions = options.debug
        debugOptions.extraWarnings += layoutWarnings
        let output: AtomicOutput
        do {
            output = try AtomicOutput(path: path)
        } catch {
            // As when rendering first: the diagnostics are reported before the write fails.
            let (_, renderDiagnostics) = render(scene, as: format, options: options, layoutWarnings: layoutWarnings)
            report(loadDiagnostics + renderDiagnostics)
            throw error
        }
        var out = output
        let all = DebugSVG.document(list, scene: scene, keepGroups: options.keepGroups, options: debugOptions) {
            out.write($0)
        }
        // The overlay returns its own findings, then the layout warnings it was given, which
        // are already among the load diagnostics.
        let own = all.dropLast(min(layoutWarnings.count, all.count))
        report(loadDiagnostics + warnings + own)
        try out.commit()
    }
}
