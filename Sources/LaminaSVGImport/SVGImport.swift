import LaminaCore

/// Turns SVG documents into layer trees (SPEC §5).
public enum SVGImport {
    /// Imports an SVG document: libxml2 parses it, styles cascade, `use` is instanced, and
    /// every group, `use`, viewport and drawable becomes a layer.
    ///
    /// - Parameters:
    ///   - bytes: the document.
    ///   - file: the name used in diagnostics (`in.svg:3:7: …`).
    /// - Returns: the scene and the warnings (dropped elements, bad references, …).
    /// - Throws: ``SVGImportError`` when the document is not well-formed XML, is not SVG, or
    ///   breaks a limit (depth, entity or `use` expansion), or has a bad `lamina:constraints`.
    public static func importScene(
        _ bytes: consuming [UInt8], file: String, threads: Int = 1
    ) throws(SVGImportError) -> (scene: Scene, diagnostics: [Diagnostic]) {
        let (tree, readerDiagnostics) = try XMLReader.read(bytes, file: file)
        _ = consume bytes  // only the reader needs the input: free it (when the caller gave it up) before building
        // The builder holds the only reference to the tree, so that it can free it early.
        var builder = SceneBuilder(tree: consume tree, diagnostics: readerDiagnostics, threads: threads)
        let scene = try builder.build()
        return (scene, builder.diagnostics)
    }
}
