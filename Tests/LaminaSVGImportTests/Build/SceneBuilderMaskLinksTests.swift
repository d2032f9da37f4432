import LaminaCore
import Testing

@testable import LaminaSVGImport

/// A `mask` on a `<mask>` and masks inside a mask's content, as the mask resources' markup
/// writes them. The pictures were checked in resvg 0.44, librsvg 2.54 and Chromium.
@Suite struct SceneBuilderMaskLinksTests {
    static let host = "<rect width=\"200\" height=\"200\" fill=\"green\" mask=\"url(#m1)\"/>"
    static let top = "<rect width=\"200\" height=\"100\" fill=\"white\"/>"
    static let left = "<rect width=\"100\" height=\"200\" fill=\"white\"/>"

    static func load(_ body: String) throws -> (xml: [String: String], warnings: [String]) {
        let (scene, diagnostics) = try ImportTestSupport.load(ImportTestSupport.header + " width=\"200\" height=\"200\">" + body + "</svg>")
        var xml: [String: String] = [:]
        for r in scene.resources { xml[r.id] = r.xml }
        return (xml, diagnostics.map(\.message))
    }

    /// resvg and librsvg apply a mask's own mask (Chromium ignores it): written as a group
    /// around the mask's children, which every renderer applies; through a chain, and from
    /// `style` as from the attribute.
    @Test func aMasksOwnMaskIsAGroupAroundItsChildren() throws {
        let (xml, warnings) = try Self.load(
            "<mask id=\"m3\" maskUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" width=\"200\" height=\"60\">\(Self.top)</mask>"
                + "<mask id=\"m2\" mask=\"url(#m3)\">\(Self.left)</mask>"
                + "<mask id=\"m1\" style=\"mask: url(#m2)\">\(Self.top)</mask>" + Self.host)
        #expect(warnings.isEmpty)
        #expect(xml["m1"] == "<mask id=\"m1\"><g mask=\"url(#m2)\"><rect width=\"200\" height=\"100\" fill=\"#ffffff\"/></g></mask>")
        #expect(xml["m2"] == "<mask id=\"m2\"><g mask=\"url(#m3)\"><rect width=\"100\" height=\"200\" fill=\"#ffffff\"/></g></mask>")
        #expect(xml["m3"]?.hasPrefix("<mask id=\"m3\" maskUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" width=\"200\" height=\"60\"><rect") == true)
    }

    /// Moved inside, the inner mask would take the content's box: with a region in box units
    /// (or content in box units, either mask's) the reference stays on the mask.
    @Test(arguments: [
        ("<mask id=\"m2\" x=\"0\" width=\"0.5\">", "<mask id=\"m1\" mask=\"url(#m2)\">"),
        ("<mask id=\"m2\" maskContentUnits=\"objectBoundingBox\">", "<mask id=\"m1\" mask=\"url(#m2)\">"),
        ("<mask id=\"m2\">", "<mask id=\"m1\" maskContentUnits=\"objectBoundingBox\" mask=\"url(#m2)\">"),
    ])
    func aMaskInBoxUnitsStaysOnTheMask(_ m2: String, _ m1: String) throws {
        let (xml, warnings) = try Self.load(m2 + Self.left + "</mask>" + m1 + Self.top + "</mask>" + Self.host)
        #expect(warnings.isEmpty)
        #expect(xml["m1"]?.hasPrefix(m1) == true, "\(xml)")
    }

    /// A reference that leads back to the mask it is in is dropped with a warning, the mask
    /// itself still applied, as resvg and Chromium draw it: on itself, through another mask's
    /// own mask, on a child, through another mask's content.
    @Test(arguments: [
        ("<mask id=\"m1\" mask=\"url(#m1)\">\(top)</mask>", ["mask reference '#m1' leads back to the mask '#m1'; ignored"]),
        ("<mask id=\"m2\" mask=\"url(#m1)\">\(left)</mask><mask id=\"m1\" mask=\"url(#m2)\">\(top)</mask>",
         ["mask reference '#m2' leads back to the mask '#m1'; ignored"]),
        ("<mask id=\"m1\"><g><rect width=\"200\" height=\"100\" fill=\"white\" mask=\"url(#m1)\"/></g></mask>",
         ["mask reference '#m1' leads back to the mask '#m1'; ignored"]),
        ("<mask id=\"m2\"><g mask=\"url(#m1)\">\(left)</g></mask><mask id=\"m1\"><g mask=\"url(#m2)\">\(top)</g></mask>",
         ["mask reference '#m2' leads back to the mask '#m1'; ignored"]),
    ])
    func aReferenceBackIntoItsMaskIsDropped(_ masks: String, _ expected: [String]) throws {
        let (xml, warnings) = try Self.load(masks + Self.host)
        #expect(warnings == expected)
        let m1 = try #require(xml["m1"])
        #expect(!m1.contains("mask=\""), "\(m1)")
        #expect(m1.contains("<rect width=\"200\" height=\"100\" fill=\"#ffffff\"/>"))
        #expect(xml["m2"] == nil)
    }

    /// Two masks referencing a third (and one masking the other) form no cycle; a cycle of
    /// 2,000 masks is one, found at once (each mask's references read once).
    @Test func sharedTargetsAreNoCycleAndLongCyclesAreFound() throws {
        let (xml, warnings) = try Self.load(
            "<mask id=\"m3\">\(Self.left)</mask><mask id=\"m2\"><g mask=\"url(#m3)\">\(Self.top)</g></mask>"
                + "<mask id=\"m1\" mask=\"url(#m2)\"><g mask=\"url(#m3)\">\(Self.top)</g></mask>" + Self.host)
        #expect(warnings.isEmpty)
        #expect(xml["m1"]?.hasPrefix("<mask id=\"m1\"><g mask=\"url(#m2)\"><g mask=\"url(#m3)\">") == true)
        var chain = ""
        for i in 1...2000 { chain += "<mask id=\"m\(i)\"><g mask=\"url(#m\(i % 2000 + 1))\">\(Self.top)</g></mask>" }
        let long = try Self.load(chain + Self.host)
        #expect(long.warnings == ["mask reference '#m2' leads back to the mask '#m1'; ignored"])
        #expect(long.xml.count == 1)
    }

    /// A mask on a mask's child that forms no cycle is written as it stands.
    @Test func aMaskOnAChildOfAMaskStays() throws {
        let (xml, warnings) = try Self.load(
            "<mask id=\"m2\">\(Self.left)</mask><mask id=\"m1\"><rect width=\"200\" height=\"100\" fill=\"white\" mask=\"url(#m2)\"/></mask>"
                + Self.host)
        #expect(warnings.isEmpty)
        #expect(xml["m1"] == "<mask id=\"m1\"><rect width=\"200\" height=\"100\" fill=\"#ffffff\" mask=\"url(#m2)\"/></mask>")
        #expect(xml["m2"] != nil)
    }
}
