@testable import LaminaCore
import Testing

/// The resolver's cheap reads agree with the full values they stand in for: whether a part
/// draws, items built in one go, and layer facts read in place.
struct ResolveFastPathTests {
    /// Layers covering every way a part may or may not draw.
    static let layers: [Layer] = {
        func layer(_ change: (inout Layer) -> Void) -> Layer {
            var l = Layer()
            l.bounds = Rect(0, 0, 40, 10)
            change(&l)
            return l
        }
        return [
            layer { _ in },
            layer { $0.content = Content(shape: .circle(cx: 1, cy: 2, r: 3)) },
            layer { $0.backgroundColor = "#123456" },
            layer { $0.cornerRadius = 4 },
            layer { $0.borderWidth = 1 },
            layer { $0.borderWidth = 20 },
            layer { $0.borderWidth = -1 },
            layer { $0.borderWidth = .nan },
            layer { $0.borderWidth = 2; $0.bounds = Rect(0, 0, 0, 10) },
            layer { $0.borderWidth = 2; $0.bounds = Rect(10, 10, -8, -6) },
            layer { $0.borderWidth = 2; $0.borderColor = "red"; $0.backgroundColor = "blue" },
        ]
    }()

    @Test(arguments: layers, [PaintPart.background, .contents, .border])
    func drawsExactlyWhenThereIsContent(_ layer: Layer, _ part: PaintPart) {
        #expect(DisplayList.draws(part, of: layer) == (DisplayList.content(of: part, of: layer) != nil))
    }

    static let geometries: [ItemGeometry] = [
        .transformed(.identity),
        .transformed(AffineTransform(2, 0, 0, 2, 5, -3)),
        .transformed(AffineTransform(1, 0, 0, 1, -0.0, 0)),
        .projected(pathData: "M0 0L1 1"),
    ]

    @Test(arguments: geometries, geometries)
    func oneStepItemEqualsTheItemSetFieldByField(_ geometry: ItemGeometry, _ local: ItemGeometry) {
        for (clip, group, opacity) in [(nil, nil, 1.0), (3, 7, 0.5)] as [(Int?, Int?, Double)] {
            var expected = DisplayItem(layer: LayerID(4), part: .contents, geometry: geometry, paintIndex: 2)
            expected.localGeometry = local
            expected.clip = clip
            expected.group = group
            expected.opacity = opacity
            let item = DisplayItem(
                layer: LayerID(4), part: .contents, geometry: geometry, local: local, paintIndex: 2,
                clip: clip, group: group, opacity: opacity)
            #expect(item == expected && item.hashValue == expected.hashValue)
            // The same storage too: no rare box where the field-by-field item has none.
            #expect((item.rare == nil) == (expected.rare == nil))
            guard case .transformed(let a) = geometry, case .transformed(let b) = local else { continue }
            let affine = DisplayItem(
                layer: LayerID(4), part: .contents, affine: a, localAffine: b, paintIndex: 2,
                clip: clip, group: group, opacity: opacity)
            #expect(affine == expected && (affine.rare == nil) == (expected.rare == nil))
        }
    }

    @Test(arguments: [
        (nil, [], []),
        ("m", [], []),
        (nil, ["f"], []),
        (nil, ["f", "g"], []),
        (nil, [], [StyleProperty("mix-blend-mode", "multiply")]),
        ("m", ["f"], [StyleProperty("isolation", "isolate")]),
    ] as [(String?, [String], [StyleProperty])])
    func compositingFactsAreReadInPlace(_ mask: String?, _ filters: [String], _ extra: [StyleProperty]) {
        var svg = SVGInfo(element: "g")
        svg.title = "a title sets the rare facts without compositing ones"
        svg.mask = mask
        svg.filters = filters
        svg.extra = extra
        var layer = Layer()
        #expect(layer.svgCompositing == nil)
        layer.svg = svg
        let facts = layer.svgCompositing
        if mask == nil, filters.isEmpty, extra.isEmpty {
            #expect(facts == nil)
        } else {
            #expect(facts?.mask == mask && facts?.filters == filters && facts?.extra == extra)
        }
    }

    @Test func transformsReadInPlaceStandForTheirValues() {
        var layer = Layer()
        #expect(layer.transformIfSet == nil && layer.sublayerTransformIfStored == nil)
        let t = Transform3D.translation(1, 2, 3)
        layer.transform = t
        #expect(layer.transformIfSet == t)
        layer.transform = .identity
        #expect(layer.transformIfSet == nil)
        // Another rare property stores the sublayer transform too, as the identity.
        layer.cornerRadius = 2
        #expect(layer.sublayerTransformIfStored == .identity)
        layer.sublayerTransform = t
        #expect(layer.sublayerTransformIfStored == t)
    }
}
