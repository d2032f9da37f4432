import Testing

@testable import LaminaSVGImport

/// ``AttributeRoles`` gives each attribute name of a document a builder byte: the flags its name
/// record has (`id`, `class`, Lamina, event) and which basic-shape geometry name it is, for a
/// name without a namespace only.
@Suite struct AttributeRolesTests {
    @Test func eachSlotsRoleIsItsNamesFlagsAndGeometryName() throws {
        let text = """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:l="urn:lamina:layer" xmlns:t="urn:t">\
            <rect l:id="n" t:class="n" id="a" class="c" onclick="f()" on="1" t:onload="g()" x="1" t:y="2" widths="3"/>\
            <line x1="1" y2="2" cxx="3" r="4" t:r="5" l:x="6" height="7" ONCLICK="h()"/></svg>
            """
        let tree = try XMLReader.read(Array(text.utf8), file: "t.svg").tree
        let roles = AttributeRoles(tree.table)
        #expect(roles.entries.count == tree.table.attributeNames.count)
        var geometryFound = 0
        for e in [1, 2] {
            for s in tree.attributeSlots(e) {
                let name = tree.attributeName(slot: s)
                let r = roles.role(slot: s, in: tree.table)
                #expect((r & AttributeRoles.id != 0) == name.isID, "\(name.qualifiedName)")
                #expect((r & AttributeRoles.className != 0) == name.isClass, "\(name.qualifiedName)")
                #expect((r & AttributeRoles.lamina != 0) == name.isLamina, "\(name.qualifiedName)")
                #expect((r & AttributeRoles.event != 0) == name.isEvent, "\(name.qualifiedName)")
                let g = Int(r >> 4)
                let expected = name.namespace == nil ? AttributeRoles.geometryNames.firstIndex(of: name.name).map { $0 + 1 } ?? 0 : 0
                #expect(g == expected, "\(name.qualifiedName)")
                if g != 0 { geometryFound += 1 }
            }
        }
        // x, x1, y2, r, height.
        #expect(geometryFound == 5)
    }

    /// A path's `d` and a polygon's `points` are found by their role: the slot the name look-up
    /// finds (the first without a namespace), or none.
    @Test func pathDataAndPointsAreFoundByTheirRole() throws {
        #expect(AttributeRoles.geometryNames.count <= 15)
        #expect(Int(AttributeRoles.pathData) == AttributeRoles.geometryNames.firstIndex(of: "d")! + 1)
        #expect(Int(AttributeRoles.points) == AttributeRoles.geometryNames.firstIndex(of: "points")! + 1)
        let text = """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:t="urn:t">\
            <path t:d="M0 0" fill="red" d="M1 1h2"/><path D="M0 0"/><polygon points="1 2 3 4" t:points="5 6"/>\
            <polyline t:points="1 2 3 4" id="p"/><path/><rect x="1" d="M2 2"/><polygon dd="1" point="2"/></svg>
            """
        let tree = try XMLReader.read(Array(text.utf8), file: "t.svg").tree
        let roles = AttributeRoles(tree.table)
        var found = 0
        for e in 1..<tree.count {
            let d = roles.slot(geometry: AttributeRoles.pathData, of: e, in: tree.table)
            let points = roles.slot(geometry: AttributeRoles.points, of: e, in: tree.table)
            #expect(d == tree.table.slot(of: "d", namespace: nil, in: e), "element \(e)")
            #expect(points == tree.table.slot(of: "points", namespace: nil, in: e), "element \(e)")
            found += (d == nil ? 0 : 1) + (points == nil ? 0 : 1)
        }
        #expect(found == 3)
    }
}
