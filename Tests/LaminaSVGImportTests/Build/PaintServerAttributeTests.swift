import Foundation
import LaminaCore
import Testing

@testable import LaminaSVGImport

private typealias S = ImportTestSupport

/// How a paint server's own attributes are read and written: keywords exactly as given,
/// `em` and `ex` lengths in the font size where the element stands.
@Suite struct PaintServerAttributeTests {
    /// A keyword with spaces around it is not the keyword (Chromium and resvg take the
    /// default): it is written as it is, and not read as the keyword either.
    @Test(arguments: ["userSpaceOnUse ", " userSpaceOnUse", "userspaceonuse"])
    func keywordsAreNotTrimmed(units: String) throws {
        let (scene, _) = try S.load(
            S.header + #"><linearGradient id="g" gradientUnits="\#(units)" x2="180" spreadMethod="reflect "><stop offset="0"/></linearGradient><rect width="10" height="10" fill="url(#g)"/></svg>"#)
        let xml = try #require(scene.resources.first?.xml)
        #expect(xml.contains(#"gradientUnits="\#(units)""#), "\(xml)")
        #expect(xml.contains(#"spreadMethod="reflect ""#), "\(xml)")
    }

    /// `clipPathUnits=" objectBoundingBox"` is the default `userSpaceOnUse`: the clip path's
    /// shapes are not mapped onto the host's box.
    @Test func clipPathUnitsWithSpacesIsTheDefault() throws {
        for (units, mapped) in [("objectBoundingBox", true), (" objectBoundingBox", false), ("objectBoundingBox ", false)] {
            let (scene, _) = try S.load(
                S.header + #"><clipPath id="c" clipPathUnits="\#(units)"><rect width="0.5" height="0.5"/></clipPath><rect id="r" x="20" y="20" width="160" height="160" clip-path="url(#c)"/></svg>"#)
            let tree = scene.tree
            let host = try #require(tree.layer(atPath: "r", root: scene.root))
            let mask = try #require(tree.masks[host.index])
            let shape = try #require(tree.sublayers(of: mask).first)
            // Mapped onto the box, the half-unit square covers 80 × 80 of the host's space.
            let corners = tree.frameInRootCorners(of: shape)
            let width = corners.map(\.x).max()! - corners.map(\.x).min()!
            #expect((abs(width - 80) < 1e-9) == mapped, "\(units): \(width)")
        }
    }

    /// `em` and `ex` in a gradient's or a pattern's geometry are written in user units of the
    /// font size there: the resource has no font size where it is written.
    @Test func fontRelativeLengthsAreResolved() throws {
        let (scene, _) = try S.load(
            S.header + #" font-size="20"><linearGradient id="g" gradientUnits="userSpaceOnUse" y2="1em" x2="2ex" font-size="180"><stop offset="0"/></linearGradient><radialGradient id="h" r="1.5em"><stop offset="0"/></radialGradient><pattern id="p" width="2em" height="10"><rect width="1" height="1"/></pattern><rect width="10" height="10" fill="url(#g)" stroke="url(#h)"/><rect width="10" height="10" fill="url(#p)"/></svg>"#)
        let xml = Dictionary(uniqueKeysWithValues: scene.resources.map { ($0.id, $0.xml) })
        #expect(try #require(xml["g"]).contains(#"y2="180""#), "\(xml)")
        #expect(try #require(xml["g"]).contains(#"x2="180""#), "\(xml)")
        #expect(try #require(xml["h"]).contains(#"r="30""#), "\(xml)")
        #expect(try #require(xml["p"]).contains(#"width="40""#), "\(xml)")
    }
}

extension LayerTree {
    /// The four corners of a layer's bounds in the root's superlayer space.
    fileprivate func frameInRootCorners(of id: LayerID) -> [Point] {
        guard let h = toRoot(id) else { return [] }
        let b = self[id].bounds
        return [Point(b.x, b.y), Point(b.x + b.width, b.y), Point(b.x + b.width, b.y + b.height), Point(b.x, b.y + b.height)]
            .compactMap { h.apply($0) }
    }
}
