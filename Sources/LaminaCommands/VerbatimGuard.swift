import LaminaCore
import LaminaSVGImport

/// Keeps active or external content out of outputs made from layer JSON (Docs/Security.md).
///
/// SVG input is cleaned on import; layer JSON can carry verbatim markup (`{"kind": "svg"}`
/// content and resources) written by anyone. A fragment that is not well-formed or holds a
/// script, `foreignObject`, event attribute, `javascript:` or a reference outside the file is
/// dropped whole, with a warning.
package enum VerbatimGuard {
    /// Removes unsafe verbatim markup from `scene`; returns one warning per removal.
    package static func clean(_ scene: inout Scene, file: String) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        // The contents are read in place: copying each layer and its content out of the tree
        // took a tenth of converting a 90,000-layer document.
        var unsafe: [(LayerID, String)] = []
        var unsafeExtras: [LayerID] = []
        for i in 0..<scene.tree.count {
            let found = scene.tree.withContentPointer(of: LayerID(i)) { c -> String? in
                if c.pointee.mayHaveRareProperties,
                    c.pointee.extra.contains(where: { MarkupSafety.attributeProblem($0.name, $0.value) != nil })
                {
                    unsafeExtras.append(LayerID(i))
                }
                guard case .svg(let xml) = c.pointee.shape else { return nil }
                return problem(in: xml)
            }
            if let problem = found ?? nil { unsafe.append((LayerID(i), problem)) }
        }
        // Attributes in `extra` are written onto the drawable as they are: an event handler or
        // a reference out of the file is dropped, as the importer drops them.
        for id in unsafeExtras {
            guard var content = scene.tree[id].content else { continue }
            content.extra = content.extra.filter { p in
                guard let problem = MarkupSafety.attributeProblem(p.name, p.value) else { return true }
                let path = scene.tree.path(of: id, root: scene.root)
                warnings.append(Diagnostic(.warning, "attribute '\(p.name)' of layer '\(path)' dropped: \(problem)",
                                           at: scene.tree.sourceLocation(of: id) ?? SourceLocation(file: file)))
                return false
            }
            scene.tree[id].content = content
        }
        for (id, problem) in unsafe {
            scene.tree[id].content = nil
            let path = scene.tree.path(of: id, root: scene.root)
            warnings.append(Diagnostic(.warning, "verbatim content of layer '\(path)' dropped: \(problem)",
                                       at: scene.tree.sourceLocation(of: id) ?? SourceLocation(file: file)))
        }
        var kept: [Resource] = [], keptPositions: [SourcePosition] = []
        for (i, resource) in scene.resources.enumerated() {
            let position = scene.resourcePositions.count == scene.resources.count ? scene.resourcePositions[i] : nil
            let at = position.map { SourceLocation(file: file, line: Int($0.line), column: Int($0.column)) }
            let (problem, ids) = check(resource.xml)
            guard let problem else {
                kept.append(resource)
                if let position { keptPositions.append(position) }
                // The markup is written as it is: the key names nothing unless an element has it.
                if !ids.contains(resource.id) {
                    warnings.append(Diagnostic(
                        .warning, "resource '\(resource.id)': no element of its markup has id '\(resource.id)', "
                            + "so references to #\(resource.id) find nothing", at: at ?? SourceLocation(file: file)))
                }
                continue
            }
            warnings.append(Diagnostic(.warning, "resource '\(resource.id)' dropped: \(problem)",
                                       at: at ?? SourceLocation(file: file)))
        }
        if kept.count < scene.resources.count {
            scene.resources = kept
            scene.resourcePositions = keptPositions
        }
        return warnings
    }

    /// The first reason `xml` is unsafe, or nil when it is safe.
    package static func problem(in xml: String) -> String? {
        check(xml).problem
    }

    /// The first reason `xml` is unsafe (nil when it is safe), and the ids of its elements.
    static func check(_ xml: String) -> (problem: String?, ids: [String]) {
        // A wrapper no fragment can close early: a stray end tag is then a fatal error.
        if FragmentCheck.contains(Array(xml.utf8), "lamina-fragment") { return ("reserved name in markup", []) }
        let wrapped = "<lamina-fragment xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\">"
            + xml + "</lamina-fragment>"
        return FragmentCheck.check(wrapped)
    }
}
