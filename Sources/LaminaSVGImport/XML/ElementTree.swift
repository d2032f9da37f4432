import LaminaCore

/// The parsed document as a flat table of elements, each stamped with its source location.
///
/// Built by the XML reader (the only code that sees libxml2), read by the style cascade and
/// the layer builder. Index 0 is the document element. Children are listed in document
/// order, interleaved with text runs so that elements carried verbatim (`text`) can be written
/// back exactly.
package struct ElementTree: Sendable {
    package var elements: [Element] = []
    /// The file name used in diagnostics.
    package var file: String

    package init(file: String) {
        self.file = file
    }

    package subscript(i: Int) -> Element {
        // Borrowing accessors: reading one field never copies the element.
        _read { yield elements[i] }
        _modify { yield &elements[i] }
    }

    package func location(of i: Int) -> SourceLocation {
        SourceLocation(file: file, line: Int(elements[i].line), column: Int(elements[i].column))
    }
}

/// XML namespace URIs Lamina cares about.
package enum XMLNamespace {
    package static let svg = "http://www.w3.org/2000/svg"
    package static let xlink = "http://www.w3.org/1999/xlink"
    package static let xml = "http://www.w3.org/XML/1998/namespace"
    package static let lamina = "urn:lamina:layer"
}

/// One element: local name, namespace, attributes in document order, children and text.
package struct Element: Sendable {
    /// The local name (`rect`, `linearGradient`).
    package var name: String
    /// The namespace URI, or nil for none.
    package var namespace: String?
    /// What the builder does with it, by local name.
    package var kind: ElementKind
    package var attributes: [XMLAttribute]
    package var parent: Int?
    /// Child elements and text runs in document order.
    package var content: [ElementContent]
    /// 1-based line and column of the start tag.
    package var line: Int32
    package var column: Int32

    package init(
        name: String, namespace: String?, attributes: [XMLAttribute], parent: Int?, line: Int32, column: Int32,
        kind: ElementKind? = nil
    ) {
        self.name = name
        self.namespace = namespace
        self.kind = kind ?? ElementKind(name: name)
        self.attributes = attributes
        self.parent = parent
        self.content = []
        self.line = line
        self.column = column
    }

    /// True for an element in the SVG namespace.
    package var isSVG: Bool { namespace == XMLNamespace.svg }

    /// The child element indices in order.
    package var children: [Int] {
        content.compactMap { if case .element(let i) = $0 { i } else { nil } }
    }

    /// All character data directly inside, concatenated (for `style`, `title`).
    package var text: String {
        content.reduce(into: "") { if case .text(let t) = $1 { $0 += t } }
    }

    /// The value of an attribute with no namespace (or the given one).
    package func attribute(_ localName: String, namespace: String? = nil) -> String? {
        // Indexing (not `for a in`) compares in place without copying each attribute.
        var i = 0
        let n = attributes.count
        while i < n {
            if attributes[i].name == localName, attributes[i].namespace == namespace { return attributes[i].value }
            i += 1
        }
        return nil
    }
}

/// A child of an element: another element (by index) or a run of character data.
package enum ElementContent: Sendable {
    case element(Int)
    case text(String)
}

/// An attribute as written, with its namespace resolved.
///
/// Kept small (one per attribute of every element): the namespace and prefixed name of the
/// rare namespaced or prefixed attribute live in a shared box.
package struct XMLAttribute: Sendable {
    /// The local name (`href` for `xlink:href`).
    package var name: String
    package var value: String
    /// The namespace and prefixed name; nil for a plain attribute (no namespace, no prefix).
    private var qualified: QualifiedName?
    /// The property when the local name is a presentation attribute (the cascade also checks
    /// that there is no namespace), else nil.
    package var presentation: CSSProperty?
    /// True when the local name is `style`.
    package var isStyle: Bool

    /// The namespace URI (nil for an unprefixed attribute).
    package var namespace: String? { qualified?.namespace }
    /// The name as written in the file, prefix included (`xlink:href`).
    package var qualifiedName: String { qualified?.qualifiedName ?? name }

    package init(name: String, namespace: String?, qualifiedName: String, value: String) {
        self.init(
            name: name, namespace: namespace, qualifiedName: qualifiedName, value: value,
            kind: AttributeKind(localName: name))
    }

    /// An attribute whose name was classified already (the reader does it once per name).
    package init(name: String, namespace: String?, qualifiedName: String, value: String, kind: AttributeKind) {
        self.name = name
        self.value = value
        self.qualified =
            namespace == nil && qualifiedName == name ? nil : QualifiedName(namespace: namespace, qualifiedName: qualifiedName)
        self.presentation = kind.presentation
        self.isStyle = kind.isStyle
    }
}

/// The namespace URI and prefixed name of a namespaced or prefixed attribute.
final class QualifiedName: Sendable {
    let namespace: String?
    let qualifiedName: String

    init(namespace: String?, qualifiedName: String) {
        self.namespace = namespace
        self.qualifiedName = qualifiedName
    }
}

/// What an attribute's local name means to the cascade.
package struct AttributeKind: Sendable {
    /// The property of a presentation attribute, else nil.
    package var presentation: CSSProperty?
    /// True for `style`.
    package var isStyle: Bool

    /// Classifies a local name.
    package init(localName name: String) {
        presentation = PresentationAttributes.contains(name) ? CSSProperty.of(name) : nil
        isStyle = name == "style"
    }
}
