import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Checks an output of Lamina for active or external content (Docs/Security.md): it must be
/// well-formed, with no script, `foreignObject` or similar element, no event attribute, no
/// `javascript:`, no DTD, entity or processing instruction, and no reference outside the file
/// (`href` and `url()` only to `#id` or a `data:image/` URL).
enum OutputSafety {
    /// Elements that run code or embed other documents.
    static let forbiddenElements: Set<String> = [
        "script", "foreignobject", "handler", "iframe", "object", "embed", "listener", "audio", "video",
    ]

    /// The problems found in an SVG (XML) document; empty when it is safe.
    static func problemsInSVG(_ data: Data) -> [String] {
        let delegate = Walker()
        // A stream: `XMLParser(data:)` fails on well-formed documents past ~10 MB (FoundationXML
        // passes the data to libxml2's push parser in one chunk).
        let parser = XMLParser(stream: InputStream(data: data))
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = true
        parser.delegate = delegate
        if !parser.parse() {
            delegate.problems.append("not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "?")")
        }
        return delegate.problems
    }

    /// The problems in layer JSON: it must parse, and every verbatim `xml` fragment must pass the
    /// SVG check.
    static func problemsInJSON(_ data: Data) -> [String] {
        guard let object = try? JSONSerialization.jsonObject(with: data) else {
            // Foundation refuses JSON nested deeper than a few hundred levels; Lamina's deep
            // outputs are then checked for what matters here: no verbatim markup at all.
            let text = String(decoding: data, as: UTF8.self)
            let plausible = text.hasPrefix("{") || text.hasPrefix("[")
            return plausible && !text.contains("\"xml\"") ? [] : ["not valid JSON"]
        }
        var problems: [String] = []
        var stack: [(key: String, value: Any)] = [("", object)]
        while let (key, value) = stack.popLast() {
            if let dict = value as? [String: Any] {
                for (k, v) in dict { stack.append((k, v)) }
            } else if let array = value as? [Any] {
                for v in array { stack.append((key, v)) }
            } else if let text = value as? String, key == "xml" {
                let wrapped = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\">"
                    + text + "</svg>"
                problems += problemsInSVG(Data(wrapped.utf8)).map { "in verbatim xml: \($0)" }
            }
        }
        return problems
    }

    /// Whether a reference (`href` value or `url()` target) stays inside the document.
    static func isInternal(_ reference: String) -> Bool {
        let r = reference.trimmingCharacters(in: .whitespacesAndNewlines)
        return r.hasPrefix("#") || r.lowercased().hasPrefix("data:image/")
    }

    /// The targets of every `url(…)` in CSS or attribute text.
    static func urlTargets(in text: String) -> [String] {
        var targets: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "url(", options: .caseInsensitive) {
            let after = rest[open.upperBound...]
            let close = after.firstIndex(of: ")") ?? after.endIndex
            var target = after[..<close].trimmingCharacters(in: .whitespacesAndNewlines)
            if let q = target.first, q == "\"" || q == "'" { target = String(target.dropFirst().dropLast()) }
            targets.append(target)
            rest = after[close...]
        }
        return targets
    }

    /// Problems in one attribute value or style text.
    static func problems(inValue value: String, named name: String) -> [String] {
        var problems: [String] = []
        let squeezed = value.lowercased().filter { !$0.isWhitespace }
        if squeezed.contains("javascript:") { problems.append("\(name) contains javascript:") }
        if squeezed.contains("@import") { problems.append("\(name) contains @import") }
        for target in urlTargets(in: value) where !isInternal(target) {
            problems.append("\(name) refers outside the file: url(\(target))")
        }
        return problems
    }

    /// The SAX walker collecting problems.
    final class Walker: NSObject, XMLParserDelegate {
        var problems: [String] = []
        var inStyle = 0

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?, attributes: [String: String] = [:]
        ) {
            let local = elementName.lowercased()
            if OutputSafety.forbiddenElements.contains(local) { problems.append("element <\(elementName)>") }
            if local == "style" { inStyle += 1 }
            for (name, value) in attributes {
                let attr = (name.split(separator: ":").last.map(String.init) ?? name).lowercased()
                if attr.hasPrefix("on") { problems.append("event attribute \(name) on <\(elementName)>") }
                if attr == "href" || attr == "src", !OutputSafety.isInternal(value) {
                    problems.append("<\(elementName) \(name)> refers outside the file: \(value.prefix(80))")
                }
                problems += OutputSafety.problems(inValue: value, named: "<\(elementName) \(name)>")
            }
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
        ) {
            if elementName.lowercased() == "style" { inStyle -= 1 }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inStyle > 0 { problems += OutputSafety.problems(inValue: string, named: "<style> text") }
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            if inStyle > 0 {
                problems += OutputSafety.problems(inValue: String(decoding: CDATABlock, as: UTF8.self), named: "<style> CDATA")
            }
        }

        func parser(_ parser: XMLParser, foundProcessingInstructionWithTarget target: String, data: String?) {
            problems.append("processing instruction <?\(target)")
        }

        func parser(_ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?, systemID: String?) {
            problems.append("external entity \(name)")
        }

        func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
            problems.append("entity declaration \(name)")
        }

        func parser(_ parser: XMLParser, foundElementDeclarationWithName elementName: String, model: String) {
            problems.append("DTD element declaration \(elementName)")
        }
    }
}
