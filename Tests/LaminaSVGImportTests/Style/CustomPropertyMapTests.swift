import LaminaSVGImport
import Testing

/// The shared custom-property map: an element's own declarations on top of its parent's,
/// as `var()` reads them, without copying the parent's.
@Suite struct CustomPropertyMapTests {
    /// 5,000 properties on a group.
    static let group: CustomPropertyMap = {
        var m = CustomPropertyMap()
        for k in 0..<5_000 { m["--p\(k)"] = "\(k)" }
        return m
    }()

    /// An element declaring one property of its own under 5,000 inherited ones adds the nodes
    /// on one path and one entry, not a copy of the 5,000 (the dictionary it replaced did).
    @Test func anElementsOwnPropertyDoesNotCopyItsParents() {
        let child = CustomProperties.resolve(own: [("--q", "var(--p7)")], inherited: Self.group)
        #expect(child.count == 5_001)
        #expect(child["--q"] == "7")
        #expect(child["--p4999"] == "4999")
        #expect(child.storage(notSharedWith: Self.group) <= 15)
        #expect(Self.group.storage(notSharedWith: CustomPropertyMap()) > 5_000)
    }

    /// A child's declaration shadows its parent's for the child only, and its `var()`s read
    /// the parent's values of the other names.
    @Test func anOwnDeclarationShadowsTheParentsOnlyBelowIt() {
        let parent = CustomProperties.resolve(own: [("--a", "red"), ("--b", "blue")], inherited: Self.group)
        let child = CustomProperties.resolve(own: [("--a", "var(--b) var(--p3)")], inherited: parent)
        #expect(child["--a"] == "blue 3")
        #expect(parent["--a"] == "red")
        #expect(CustomProperties.substitute("var(--a)", child) == "blue 3")
        #expect(CustomProperties.substitute("var(--a)", parent) == "red")
        #expect(child.storage(notSharedWith: parent) <= 15)
    }

    /// A declaration that fails (a missing name, or one that refers to itself) hides the
    /// inherited value rather than falling back to it: `var()` of it takes its fallback.
    @Test func aFailedDeclarationHidesTheInheritedValue() {
        let parent = CustomProperties.resolve(own: [("--a", "red")], inherited: Self.group)
        for value in ["var(--missing)", "var(--a)", "var(--A, green)"] {
            let child = CustomProperties.resolve(own: [("--a", value)], inherited: parent)
            #expect(child["--a"] == nil)
            #expect(child.count == parent.count - 1)
            #expect(CustomProperties.substitute("var(--a, green)", child) == "green")
            #expect(CustomProperties.substitute("var(--a)", child) == nil)
            #expect(parent["--a"] == "red")
        }
    }

    /// A cycle between an element's own declarations makes both invalid, whatever the parent
    /// gives those names; the parent's other values still resolve.
    @Test func aCycleIsInvalidOverInheritedValues() {
        let parent = CustomProperties.resolve(own: [("--x", "1"), ("--y", "2")], inherited: Self.group)
        let child = CustomProperties.resolve(own: [("--x", "var(--y)"), ("--y", "var(--x, 0)")], inherited: parent)
        #expect(child["--x"] == nil && child["--y"] == nil)
        #expect(CustomProperties.substitute("var(--x, a) var(--y, b) var(--p9)", child) == "a b 9")
    }

    /// 600 nested elements, each declaring a property from its parent's and redeclaring one:
    /// every level reads the first level's value and its own, and costs one path.
    @Test func propertiesInheritThroughManyLevels() {
        var scope = Self.group
        for level in 1...600 {
            let parent = scope
            scope = CustomProperties.resolve(
                own: [("--l\(level)", level == 1 ? "first" : "var(--l\(level - 1))"), ("--depth", "\(level)")],
                inherited: parent)
            if level % 100 == 0 { #expect(scope.storage(notSharedWith: parent) <= 30) }
        }
        #expect(scope.count == 5_000 + 600 + 1)
        #expect(CustomProperties.substitute("var(--l600) var(--l1) var(--depth) var(--p0)", scope) == "first first 600 0")
    }

    /// Remembered answers belong to the map they were computed on: maps made and dropped one
    /// after another, each giving the name another value, each get their own.
    @Test func answersAreRememberedPerMap() {
        for k in 0..<2_000 {
            var m = CustomPropertyMap()
            m["--a"] = "\(k)px"
            #expect(CustomProperties.substitute("var(--a)", m) == "\(k)px")
            #expect(CustomProperties.resolve(own: [("--b", "var(--a)")], inherited: m)["--b"] == "\(k)px")
        }
    }

    /// Maps built apart are equal (and hash alike) when they hold the same properties,
    /// whatever the order they were set in and whatever was removed on the way.
    @Test func equalityIsByContent() {
        var a = CustomPropertyMap()
        var b = CustomPropertyMap()
        for k in 0..<300 { a["--v\(k)"] = "\(k % 7)" }
        for k in (0..<400).reversed() { b["--v\(k)"] = k < 300 ? "\(k % 7)" : "x" }
        #expect(a != b)
        for k in 300..<400 { b["--v\(k)"] = nil }
        #expect(a == b && a.hashValue == b.hashValue && a.count == 300)
        b["--v5"] = "other"
        #expect(a != b)
        let same = b
        b["--v5"] = "other"
        #expect(b.storage(notSharedWith: same) == 0)
    }

    /// Names whose hashes are equal, or equal in their first 60 bits, share the deepest
    /// nodes and stay apart there: set, read, replaced and removed.
    @Test(arguments: [UInt64(0), 0xFFFF_FFFF_FFFF_FFFF, 0x0123_4567_89AB_CDEF])
    func collidingHashesStayApart(_ hash: UInt64) {
        var m = CustomPropertyMap()
        let hashes = (0..<40).map { k in k < 20 ? hash : hash ^ (UInt64(k) << 60) }
        for k in 0..<40 { m.set("--c\(k)", "\(k)", hash: hashes[k]) }
        #expect(m.count == 40)
        for k in 0..<40 { #expect(m.value("--c\(k)", hash: hashes[k]) == "\(k)") }
        #expect(m.value("--c40", hash: hash) == nil)
        m.set("--c3", "three", hash: hashes[3])
        #expect(m.value("--c3", hash: hashes[3]) == "three" && m.count == 40)
        for k in stride(from: 0, to: 40, by: 2) { m.set("--c\(k)", nil, hash: hashes[k]) }
        #expect(m.count == 20)
        for k in 0..<40 { #expect(m.value("--c\(k)", hash: hashes[k]) == (k % 2 == 0 ? nil : k == 3 ? "three" : "\(k)")) }
        for k in stride(from: 1, to: 40, by: 2) { m.set("--c\(k)", nil, hash: hashes[k]) }
        #expect(m.count == 0 && m == CustomPropertyMap())
    }
}
