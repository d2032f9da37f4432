import LaminaCore

/// Turns SVG documents into layer trees (SPEC §5).
public enum SVGImport {
    /// Imports an SVG document: libxml2 parses it, styles cascade, `use` is instanced, and
    /// every group, `use`, viewport and drawable becomes a layer.
    ///
    /// - Parameters:
    ///   - bytes: the document.
    ///   - file: the name used in diagnostics (`in.svg:3:7: …`).
    ///   - threads: the threads the import may use (a second one computes styles and
    ///     geometry ahead of the builder in large documents); the result does not depend on it.
    /// - Returns: the scene and the warnings (dropped elements, bad references, …).
    /// - Throws: ``SVGImportError`` when the document is not well-formed XML, is not SVG, or
    ///   breaks a limit (depth, entity or `use` expansion), or has a bad `lamina:constraints`.
    public static func importScene(
        _ bytes: consuming [UInt8], file: String, threads: Int = 1
    ) throws(SVGImportError) -> (scene: Scene, diagnostics: [Diagnostic]) {
        try importScene(consume bytes, file: file, threads: threads, prefetchBlock: nil)
    }

    /// ``importScene(_:file:threads:)`` with the prefetch's block size (nil: by the document's
    /// size; tests use small blocks so that every document is prefetched) and the size from
    /// which the build splits in two halves (nil: ``SceneBuilder/splitFloor``; tests split small
    /// documents).
    static func importScene(
        _ bytes: consuming [UInt8], file: String, threads: Int, prefetchBlock: Int?, splitFloor: Int? = nil
    ) throws(SVGImportError) -> (scene: Scene, diagnostics: [Diagnostic]) {
        CustomProperties.forgetAnswers()
        let (tree, readerDiagnostics) = try XMLReader.read(bytes, file: file, threads: threads)
        _ = consume bytes  // only the reader needs the input: free it (when the caller gave it up) before building
        // The builder holds the only reference to the tree, so that it can free it early.
        var builder = SceneBuilder(
            tree: consume tree, diagnostics: readerDiagnostics, threads: threads, prefetchBlock: prefetchBlock,
            splitFloor: splitFloor)
        let scene = try builder.build()
        let diagnostics = builder.diagnostics
        // With a second core, a large document's builder is taken apart beside the layout
        // pass that follows (a thread's start costs more than a small builder's destruction).
        if threads > 1, scene.tree.count >= ReleaseBehind.minimumLayers { ReleaseBehind.release(consume builder) }
        return (scene, diagnostics)
    }
}
