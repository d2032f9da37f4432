import LaminaGeometry
import Testing

@testable import LaminaCore

/// The resolver's plane maps computed entry by entry are the flattenings of the 4×4 maps they
/// stand in for, bit for bit (the output is compared byte for byte across versions).
@Suite struct LayerTreePlaneMapTests {
    /// Layer settings that reach every entry the flattening keeps; returns their name.
    static func set(_ k: Int, _ l: inout Layer) -> String {
        switch k {
        case 0:
            return "defaults"
        case 1:
            l.position = Point(12.5, -3.25); l.bounds = Rect(1, 2, 30, 40)
            return "placed"
        case 2:
            l.position = Point(-0.0, -0.0); l.bounds = Rect(-0.0, -0.0, 0, 0); l.anchorPoint = Point(0, 0)
            return "negative zeros"
        case 3:
            l.transform = Transform3D(AffineTransform(0.8, 0.6, -0.6, 0.8, 7, 9)); l.bounds = Rect(0, 0, 10, 20)
            return "affine"
        case 4:
            l.geometryFlipped = true; l.bounds = Rect(3, 5, 10, 20); l.position = Point(4, 4)
            return "flipped"
        case 5:
            l.anchorPointZ = 3; l.zPosition = -7; l.bounds = Rect(0, 0, 10, 10)
            return "anchor z and z position"
        case 6:
            var t = Transform3D.identity
            t.m34 = -1 / 500; t.m14 = 0.001; t.m24 = -0.002; t.m31 = 0.3; t.m32 = -0.4; t.m44 = 1.5
            l.transform = t
            l.anchorPointZ = 2
            l.bounds = Rect(-5, 5, 50, 25)
            l.position = Point(100, 60)
            l.geometryFlipped = true
            return "perspective, flipped"
        case 7:
            l.position = Point(1e308, -1e308); l.bounds = Rect(0, 0, 1e308, 1e308)
            return "huge"
        default:
            l.position = Point(.nan, 1)
            return "nan"
        }
    }

    static let cases = 0..<9

    static func bits(_ h: Homography) -> [UInt64] {
        [h.m11, h.m12, h.m13, h.m21, h.m22, h.m23, h.m31, h.m32, h.m33].map(\.bitPattern)
    }

    @Test(arguments: cases)
    func flattenedOwnMatrixIsTheFlatteningOfTheOwnMatrix(_ k: Int) {
        var tree = LayerTree()
        let id = tree.make(Layer())
        let name = Self.set(k, &tree[id])
        #expect(
            Self.bits(tree.flattenedOwnMatrix(of: id)) == Self.bits(Homography(flattening: Resolver.ownMatrix(of: id, in: tree))),
            "\(name)")
    }

    @Test(arguments: cases, [false, true])
    func flattenedMatrixToSuperlayerIsTheFlatteningOfTheMatrix(_ k: Int, superlayerTransformed: Bool) throws {
        var tree = LayerTree()
        let parent = tree.make(Layer())
        tree[parent].bounds = Rect(0, 0, 200, 100)
        if superlayerTransformed { tree[parent].sublayerTransform = Transform3D(AffineTransform(2, 0, 0, 3, 4, 5)) }
        let child = tree.make(Layer())
        let mask = tree.make(Layer())
        let name = Self.set(k, &tree[child])
        _ = Self.set(k, &tree[mask])
        try tree.addSublayer(child, to: parent)
        try tree.setMask(mask, of: parent)
        for id in [child, mask, parent] {
            #expect(
                Self.bits(tree.flattenedMatrixToSuperlayer(id)) == Self.bits(Homography(flattening: tree.matrixToSuperlayer(id))),
                "\(name), layer \(id.index)")
        }
    }
}
