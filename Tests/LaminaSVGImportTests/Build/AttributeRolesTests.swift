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
}
