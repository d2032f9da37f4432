import LaminaCore
import Testing

/// The compact stores of the display list and the layer tree read back what was written.
struct CompactStorageTests {
    @Test(arguments: [nil, 0, 1, 7, 1_000_000, Int(Int32.max)] as [Int?])
    func indexColumnRoundTrips(_ value: Int?) {
        var column = IndexColumn<Int>(count: 3)
        #expect(column.count == 3 && column.allSatisfy { $0 == nil })
        column[1] = value
        column.append(value)
        #expect(column[1] == value && column[3] == value)
        #expect(column[0] == nil && column[2] == nil)
        var layers = IndexColumn<LayerID>()
        layers.append(value.map(LayerID.init))
        #expect(layers[0]?.index == value)
    }

    @Test(arguments: [
        nil,
        Homography(AffineTransform(1, 0, 0, 1, 0, 0)),
        Homography(AffineTransform(2, 0.5, -0.25, 3, 10, -20)),
        Homography(1, 0, 0.001, 0, 1, 0, 5, 6, 1),
        Homography(1, 0, -0.0, 0, 1, 0, 5, 6, 1),
        Homography(1, 0, 0, 0, 1, 0, 0, 0, 2),
    ] as [Homography?])
    func layerMapColumnRoundTrips(_ value: Homography?) {
        var column = LayerMapColumn(count: 2)
        column[1] = value
        #expect(column[1] == value)
        // Bit for bit, so a negative zero in the last column survives.
        #expect(column[1].map { $0.m13.bitPattern } == value.map { $0.m13.bitPattern })
        #expect(column[0] == nil)
        column[1] = nil
        #expect(column[1] == nil && column == LayerMapColumn(count: 2))
    }

    @Test(arguments: [
        ItemGeometry.transformed(AffineTransform(1, 0, 0, 1, 3, 4)),
        .projected(pathData: "M0 0L1 1"),
    ])
    func displayItemKeepsEveryField(_ geometry: ItemGeometry) {
        var item = DisplayItem(layer: LayerID(5), part: .border, geometry: geometry, paintIndex: 9)
        #expect(item.geometry == geometry && item.localGeometry == geometry && item.opacity == 1)
        #expect(item.clip == nil && item.group == nil && item.layer == LayerID(5) && item.paintIndex == 9)
        item.clip = 0
        item.group = 12
        item.opacity = 0.5
        let local = ItemGeometry.transformed(AffineTransform(2, 0, 0, 2, 0, 0))
        item.localGeometry = local
        #expect(item.clip == 0 && item.group == 12 && item.opacity == 0.5)
        #expect(item.localGeometry == local && item.geometry == geometry)
        item.clip = nil
        item.opacity = 1
        #expect(item.clip == nil && item.opacity == 1 && item.localGeometry == local)
    }

    @Test func localGeometryKeepsItsValueWhenGeometryChanges() {
        let a = ItemGeometry.transformed(.identity)
        let b = ItemGeometry.projected(pathData: "M0 0")
        var item = DisplayItem(layer: LayerID(0), part: .contents, geometry: a, paintIndex: 0)
        item.geometry = b
        #expect(item.geometry == b && item.localGeometry == a)
        var same = DisplayItem(layer: LayerID(0), part: .contents, geometry: b, paintIndex: 0)
        same.localGeometry = a
        #expect(same == item && same.hashValue == item.hashValue)
        item.localGeometry = b
        #expect(item.localGeometry == b && item != same)
    }

    @Test(arguments: [true, false])
    func layerMapsAreOptional(_ layerMaps: Bool) {
        var b = SceneBuilder()
        let named = b.add("p", frame: Rect(10, 10, 50, 50), shape: .rect(x: 0, y: 0, width: 5, height: 5, rx: 0, ry: 0))
        var unnamed = Layer()
        unnamed.bounds = Rect(0, 0, 5, 5)
        unnamed.content = Content(shape: .rect(x: 0, y: 0, width: 5, height: 5, rx: 0, ry: 0))
        let id = b.scene.tree.make(unnamed)
        try? b.scene.tree.addSublayer(id, to: named)
        let (list, _) = DisplayList.resolve(b.scene, layerMaps: layerMaps)
        #expect(list.layerToOutput.count == (layerMaps ? b.scene.tree.count : 0))
        if layerMaps { #expect(list.layerToOutput[named.index] != nil) }
        #expect(list.path(of: id) == "p/#0")
        #expect(list.items.count == 2)
        #expect(list.items == DisplayList.resolve(b.scene).0.items)
    }
}
