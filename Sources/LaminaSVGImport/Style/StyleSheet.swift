import LaminaCore

/// A parsed CSS style sheet: the rules Lamina supports, in source order (SPEC §5).
///
/// Rules whose selectors use anything unsupported (pseudo-classes, the `~` combinator,
/// namespaces, escapes) are dropped whole, as a browser drops a rule with an invalid selector.
/// `@import` is never fetched (a warning), other at-rules (`@media`, `@font-face`…) are skipped.
package struct StyleSheet: Hashable, Sendable {
    /// One `name: value [!important]` declaration, name lower-cased, value trimmed.
    package struct Declaration: Hashable, Sendable {
        /// The property name, lower-cased.
        package var name: String
        /// The value without surrounding whitespace or `!important`.
        package var value: String
        /// True when marked `!important`.
        package var important: Bool

        /// A declaration as written.
        package init(name: String, value: String, important: Bool = false) {
            self.name = name
            self.value = value
            self.important = important
        }
    }

    /// An attribute test: `[name]`, `[name=value]`, `[name~=value]`, `|=`, `^=`, `$=`, `*=`.
    package struct AttributeTest: Hashable, Sendable {
        /// How the attribute value is compared.
        package enum Operator: Hashable, Sendable {
            case exists, equals, includes, dashMatch, prefix, suffix, substring
        }

        /// The attribute's local name.
        package var name: String
        /// The comparison.
        package var op: Operator
        /// The value compared with (empty for `.exists`).
        package var value: String

        /// True when an attribute value passes the test: code point for code point (CSS
        /// Selectors 4 §6.1, as resvg compares), on the UTF-8 bytes. Swift's `String`
        /// comparisons match canonically equivalent text and cost about a microsecond a test,
        /// which a sheet of thousands of attribute rules over thousands of elements multiplies.
        package func matches(_ actual: String) -> Bool {
            if op == .exists { return true }
            var a = actual, v = value
            return a.withUTF8 { a in v.withUTF8 { v in Self.matches(op, a, v) } }
        }

        static func matches(_ op: Operator, _ a: UnsafeBufferPointer<UInt8>, _ v: UnsafeBufferPointer<UInt8>) -> Bool {
            func at(_ i: Int) -> Bool { i >= 0 && i + v.count <= a.count && a[i..<(i + v.count)].elementsEqual(v) }
            switch op {
            case .exists: return true
            case .equals: return a.elementsEqual(v)
            case .includes:
                guard !v.isEmpty else { return false }
                var start = 0
                for i in 0...a.count where i == a.count || isCSSSpaceByte(a[i]) {
                    if i - start == v.count, at(start) { return true }
                    start = i + 1
                }
                return false
            case .dashMatch: return a.elementsEqual(v) || (at(0) && a.count > v.count && a[v.count] == UInt8(ascii: "-"))
            case .prefix: return !v.isEmpty && at(0)
            case .suffix: return !v.isEmpty && at(a.count - v.count)
            case .substring:
                guard !v.isEmpty, v.count <= a.count else { return false }
                for i in 0...(a.count - v.count) where a[i] == v[0] && at(i) { return true }
                return false
            }
        }
    }

    /// A compound selector such as `rect.a#b[x]`; `type == nil` is `*` or no type.
    package struct Compound: Hashable, Sendable {
        /// The element name, nil for `*` or none.
        package var type: String?
        /// The `#id`, if any.
        package var id: String?
        /// The `.class` names.
        package var classes: [String] = []
        /// The `[attribute]` tests.
        package var attributes: [AttributeTest] = []
        /// The supported pseudo-classes (`:first-child`, `:root`).
        package var pseudoClasses: [PseudoClass] = []

        /// An empty compound (matches everything).
        package init() {}
    }

    /// The pseudo-classes Lamina evaluates; any other drops the rule.
    package enum PseudoClass: Hashable, Sendable {
        /// `:first-child`: the first element among its parent's children.
        case firstChild
        /// `:root`: the document element.
        case root
    }

    /// How two compounds of a complex selector relate.
    package enum Combinator: Hashable, Sendable {
        /// Whitespace: any ancestor.
        case descendant
        /// `>`: the parent.
        case child
        /// `+`: the previous element sibling.
        case adjacent
    }

    /// A complex selector, compounds from left to right with the combinators between them.
    package struct Selector: Hashable, Sendable {
        /// The compounds, leftmost first.
        package var compounds: [Compound]
        /// `combinators[k]` joins `compounds[k]` and `compounds[k + 1]`.
        package var combinators: [Combinator]

        /// CSS specificity packed as ids·10⁶ + (classes + attributes)·10³ + types.
        package var specificity: Int {
            var ids = 0, classes = 0, types = 0
            for c in compounds {
                if c.id != nil { ids += 1 }
                classes += c.classes.count + c.attributes.count + c.pseudoClasses.count
                if c.type != nil { types += 1 }
            }
            return min(ids, 999) * 1_000_000 + min(classes, 999) * 1_000 + min(types, 999)
        }

        /// True for `*` (or an empty compound) alone: it matches every element, whatever the
        /// element, with specificity 0.
        package var isUnconditional: Bool { compounds.count == 1 && compounds[0] == Compound() }
    }

    /// A style rule: a selector list and its declarations.
    package struct Rule: Hashable, Sendable {
        /// The comma-separated selectors.
        package var selectors: [Selector]
        /// The declarations in source order.
        package var declarations: [Declaration]
    }

    /// The supported rules in source order.
    package var rules: [Rule] = []

    /// An empty sheet.
    package init() {}

    /// Parses style sheet text; `warnings` receives messages such as the `@import` notice
    /// (without location; the caller knows the `<style>` element).
    package init(parsing text: String, warnings: inout [String]) {
        var bytes = Array(text.utf8)
        CSSBytes.blankComments(&bytes)
        var parser = StyleSheetParser(bytes: bytes)
        parser.run()
        rules = parser.rules
        warnings += parser.warnings
    }

    /// Parses the declarations of a `style` attribute.
    package static func parseDeclarations(_ text: String) -> [Declaration] {
        var bytes = Array(text.utf8)
        // Comments start with `/`: most `style` attributes have none.
        if bytes.contains(UInt8(ascii: "/")) { CSSBytes.blankComments(&bytes) }
        return CSSBytes.declarations(bytes, 0, bytes.count)
    }
}
