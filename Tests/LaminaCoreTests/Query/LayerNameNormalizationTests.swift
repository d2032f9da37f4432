import LaminaCore
import Testing

/// Layer names compare code point by code point, as Core Animation's `isEqualToString:` does;
/// a path typed in another Unicode normalization form still finds a layer no name matches exactly.
@Suite struct LayerNameNormalizationTests {
    static let composed = "caf\u{00E9}"  // NFC: é is one code point
    static let decomposed = "cafe\u{0301}"  // NFD: e + combining acute accent

    static func same(_ a: String?, _ b: String) -> Bool { a.map { Array($0.unicodeScalars) == Array(b.unicodeScalars) } ?? false }

    /// Siblings named "café" in the two forms are two names: each is written as it is and
    /// leads back to its own layer.
    @Test func siblingsWhoseNamesOnlyLookAlikeKeepTheirNames() throws {
        var tree = LayerTree()
        let root = tree.make(Layer(name: "root"))
        let a = tree.make(Layer(name: Self.composed))
        let b = tree.make(Layer(name: Self.decomposed))
        try tree.addSublayer(a, to: root)
        try tree.addSublayer(b, to: root)
        #expect(Self.same(tree.path(of: a, root: root), Self.composed))
        #expect(Self.same(tree.path(of: b, root: root), Self.decomposed))
        #expect(Self.same(tree.paths(from: root)[b.index], Self.decomposed))
        #expect(tree.repeatedNames(from: root).isEmpty)
        #expect(tree.layer(atPath: Self.composed, root: root) == a)
        #expect(tree.layer(atPath: Self.decomposed, root: root) == b)
        var names = LayerTree.SiblingNames()
        let admitted = [Self.composed, Self.decomposed, Self.decomposed].map { names.admits($0) }
        #expect(admitted == [true, true, false])
    }

    /// A path typed in NFC (as a terminal types it) finds a layer whose name is written in NFD,
    /// and the other way round, when no sibling's name matches exactly.
    @Test(arguments: [(composed, decomposed), (decomposed, composed)])
    func aPathInAnotherNormalizationFormFindsTheLayer(name: String, typed: String) throws {
        var tree = LayerTree()
        let root = tree.make(Layer(name: "root"))
        let other = tree.make(Layer(name: "other"))
        let a = tree.make(Layer(name: name))
        let c = tree.make(Layer(name: name))
        try tree.addSublayer(other, to: root)
        try tree.addSublayer(a, to: root)
        try tree.addSublayer(c, to: a)
        #expect(tree.layer(atPath: typed, root: root) == a)
        #expect(tree.layer(atPath: typed + "/" + typed, root: root) == c)
        #expect(Self.same(tree.path(of: c, root: root), name + "/" + name))
    }

    /// `relativeTo` names the sibling with exactly that name (CAConstraint's source name), not
    /// one whose name is the same text in another normalization form.
    @Test func aConstraintSourceIsTheSiblingWithExactlyThatName() throws {
        var (tree, root, ids) = try ConstraintSolverTests.scene([
            (Self.composed, Rect(0, 0, 10, 10), [Constraint(attribute: .minX, relativeTo: "superlayer", sourceAttribute: .minX, offset: 20)]),
            (Self.decomposed, Rect(0, 0, 10, 10), [Constraint(attribute: .minX, relativeTo: "superlayer", sourceAttribute: .minX, offset: 70)]),
            ("follower", Rect(0, 0, 10, 10), [Constraint(attribute: .minX, relativeTo: Self.composed, sourceAttribute: .maxX)]),
        ])
        #expect(tree.layout(root: root).isEmpty)
        #expect(tree.frame(of: ids[2]).minX == 30)
    }

    @Test func anUnknownSourceSaysWhenASiblingOnlyLooksTheSame() throws {
        var (tree, root, _) = try ConstraintSolverTests.scene([
            (Self.decomposed, Rect(0, 0, 10, 10), [Constraint(attribute: .minX, relativeTo: "superlayer", sourceAttribute: .minX)]),
            ("follower", Rect(0, 0, 10, 10), [Constraint(attribute: .minX, relativeTo: Self.composed, sourceAttribute: .maxX)]),
        ])
        let messages = tree.layout(root: root).map(\.message)
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("unknown constraint source") == true)
        #expect(messages.first?.contains("another Unicode normalization form") == true)
    }

    /// `sameName` is byte equality of the UTF-8: small and heap strings, equal counts with
    /// different bytes (first, middle, last), the two normalization forms.
    @Test(arguments: [
        ("", "", true), ("a", "a", true), ("a", "b", false), ("layer", "layers", false),
        ("a-long-name-kept-on-the-heap-0001", "a-long-name-kept-on-the-heap-0001", true),
        ("a-long-name-kept-on-the-heap-0001", "b-long-name-kept-on-the-heap-0001", false),
        ("a-long-name-kept-on-the-heap-0001", "a-long-name-kept-on-txe-heap-0001", false),
        ("a-long-name-kept-on-the-heap-0001", "a-long-name-kept-on-the-heap-0002", false),
        (composed, decomposed, false), (composed, "caf\u{00E9}", true), ("\u{1F600}x", "\u{1F600}x", true),
    ])
    func sameNameIsByteEquality(_ a: String, _ b: String, _ expected: Bool) {
        #expect(LayerTree.sameName(a, b) == expected)
        #expect(LayerTree.sameName(b, a) == expected)
        #expect((ExactText(a) == ExactText(b)) == expected)
    }
}
