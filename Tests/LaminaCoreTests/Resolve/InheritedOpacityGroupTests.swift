import LaminaCore
import Testing

/// An opacity that a transform layer or a layer with `allowsGroupOpacity = false` passes down
/// to each sublayer applies to a sublayer that composites as a group as a whole: its drawables
/// are not each made translucent inside the group, where they would show through each other.
@Suite struct InheritedOpacityGroupTests {
    static let unit = Shape.rect(x: 0, y: 0, width: 10, height: 10, rx: 0, ry: 0)

    /// `p` (opacity 0.5, a transform layer or not grouping) holding `g` (opacity 0.8, a group)
    /// with two overlapping drawables.
    static func scene(transformLayer: Bool) -> Scene {
        var b = SceneBuilder()
        let p = b.add("p", frame: Rect(0, 0, 100, 100)) {
            $0.opacity = 0.5
            if transformLayer { $0.isTransformLayer = true } else { $0.allowsGroupOpacity = false }
        }
        let g = b.add("g", to: p, frame: Rect(0, 0, 50, 50)) { $0.opacity = 0.8 }
        b.add("a", to: g, frame: Rect(0, 0, 30, 30), shape: unit)
        b.add("b", to: g, frame: Rect(10, 10, 30, 30), shape: unit)
        return b.scene
    }

    @Test(arguments: [true, false])
    func theGroupTakesTheInheritedOpacity(transformLayer: Bool) {
        let (list, _) = DisplayList.resolve(Self.scene(transformLayer: transformLayer))
        #expect(list.groups.count == 1)
        #expect(abs((list.groups.first?.opacity ?? 0) - 0.4) < 1e-12)
        #expect(list.items.count == 2)
        #expect(list.items.allSatisfy { $0.opacity == 1 && $0.group == 0 })
    }
}
