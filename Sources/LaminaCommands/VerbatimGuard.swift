import Foundation
import LaminaCore
#if canImport(FoundationXML)
import FoundationXML
#endif

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
        for id in scene.tree.allIDs {
            guard let content = scene.tree[id].content, case .svg(let xml) = content.shape,
                let problem = problem(in: xml)
            else { continue }
            scene.tree[id].content = nil
            let name = scene.tree[id].name ?? "#\(id.index)"
            warnings.append(Diagnostic(.warning, "verbatim content of layer '\(name)' dropped: \(problem)",
                                       at: SourceLocation(file: file, line: 0, column: 0)))
        }
        scene.resources.removeAll { resource in
            guard let problem = problem(in: resource.xml) else { return false }
            warnings.append(Diagnostic(.warning, "resource '\(resource.id)' dropped: \(problem)",
                                       at: SourceLocation(file: file, line: 0, column: 0)))
            return true
        }
        return warnings
    }

    /// The first reason `xml` is unsafe, or nil when it is safe.
    package static func problem(in xml: String) -> String? {
        // A wrapper no fragment can close early: a stray end tag is then a fatal error.
        if xml.contains("lamina-fragment") { return "reserved name in markup" }
        let wrapped = "<lamina-fragment xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\">"
            + xml + "</lamina-fragment>"
        let walker = Walker()
        // A stream, not `XMLParser(data:)`: FoundationXML hands `data` to libxml2's push parser
        // in one chunk, which fails with an internal error past ~10 MB of well-formed markup.
        let parser = XMLParser(stream: InputStream(data: Data(wrapped.utf8)))
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = true
        parser.delegate = walker
        if !parser.parse() { return walker.problem ?? "not well-formed XML" }
        return walker.problem
    }

    /// SAX walker recording the first problem.
    private final class Walker: NSObject, XMLParserDelegate {
        var problem: String?
        static let forbidden: Set<String> = ["script", "foreignobject", "handler", "iframe", "object", "embed", "listener"]

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?, attributes: [String: String] = [:]
        ) {
            guard problem == nil else { return }
            let local = (elementName.split(separator: ":").last.map(String.init) ?? elementName).lowercased()
            if Self.forbidden.contains(local) { problem = "'\(elementName)' element" }
            for (name, value) in attributes.sorted(by: { $0.key < $1.key }) where problem == nil {
                let attr = (name.split(separator: ":").last.map(String.init) ?? name).lowercased()
                if attr == "href" || attr == "src" {
                    if !MarkupSafety.isInternalReference(value) { problem = "external reference in '\(name)'" }
                } else if !MarkupSafety.isSafeAttribute(name, value) {
                    problem = "unsafe attribute '\(name)'"
                }
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if problem == nil, string.contains("url(") || string.contains("@import") || string.contains("javascript:"),
                !MarkupSafety.isSafeValue(string)
            {
                problem = "external reference in text"
            }
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            if problem == nil { problem = "not well-formed XML" }
        }

        func parser(_ parser: XMLParser, foundProcessingInstructionWithTarget target: String, data: String?) {
            if problem == nil { problem = "processing instruction" }
        }
    }
}
