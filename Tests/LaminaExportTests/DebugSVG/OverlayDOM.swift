import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A parsed XML element, for tests that read the overlay's structure.
final class OverlayDOM {
    let name: String
    let attributes: [String: String]
    var children: [OverlayDOM] = []
    var text = ""

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    /// Parses `xml` with Foundation's XMLParser; nil when it is not well-formed.
    static func parse(_ xml: String) -> OverlayDOM? {
        let builder = Builder()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = builder
        guard parser.parse(), let root = builder.root else { return nil }
        return root
    }

    /// This element and all its descendants, in document order.
    var all: [OverlayDOM] {
        var out: [OverlayDOM] = []
        var stack = [self]
        while let e = stack.popLast() {
            out.append(e)
            stack.append(contentsOf: e.children.reversed())
        }
        return out
    }

    /// Descendants (and self) whose `class` attribute holds `className` (as CSS's `.name` does).
    func elements(class className: String) -> [OverlayDOM] {
        all.filter { hasClass(className, $0) }
    }

    /// Whether `e`'s `class` attribute holds `className` among its space-separated names.
    private func hasClass(_ className: String, _ e: OverlayDOM) -> Bool {
        guard let list = e.attributes["class"] else { return false }
        return list == className || list.split(separator: " ").contains { $0 == className }
    }

    /// The numbers of a `points` attribute, as pairs.
    var points: [(Double, Double)] {
        let numbers = (attributes["points"] ?? "").split(whereSeparator: { $0 == " " || $0 == "," }).compactMap {
            Double(String($0))
        }
        return stride(from: 0, to: numbers.count - 1, by: 2).map { (numbers[$0], numbers[$0 + 1]) }
    }

    /// A numeric attribute.
    func number(_ key: String) -> Double? { attributes[key].flatMap(Double.init) }

    private final class Builder: NSObject, XMLParserDelegate {
        var root: OverlayDOM?
        var stack: [OverlayDOM] = []

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            let e = OverlayDOM(name: name, attributes: attributes)
            if let top = stack.last { top.children.append(e) } else { root = e }
            stack.append(e)
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            _ = stack.popLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }
    }
}
