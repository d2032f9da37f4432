import Testing

@testable import LaminaSVGImport

/// ``ElementTable/transformSlot(in:)`` (the builder's `transform` look-up by interned name id)
/// finds the slot that the look-up by name finds, on every element.
@Suite struct TransformSlotTests {
    static let documents = [
        // No element has the attribute.
        #"<svg xmlns="http://www.w3.org/2000/svg"><rect x="1"/><g><circle r="2"/></g></svg>"#,
        // Some elements have it, in any place among their attributes.
        """
        <svg xmlns="http://www.w3.org/2000/svg"><rect transform="scale(2)" x="1"/><g fill="red" \
        transform="translate(1 2)"><circle r="2"/></g><path d="M0 0" transform="rotate(3)"/></svg>
        """,
        // A namespaced `transform` and a `transform` in CSS only are not the attribute.
        """
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:l="urn:lamina:layer"><rect l:transform="scale(2)"/>\
        <rect style="transform: scale(2)"/><rect l:transform="scale(3)" transform="scale(4)"/><rect \
        transforms="x" transfor="y"/></svg>
        """,
    ]

    @Test(arguments: documents)
    func findsTheSlotTheNameFinds(_ text: String) throws {
        let tree = try XMLReader.read(Array(text.utf8), file: "t.svg").tree
        for i in 0..<tree.count {
            #expect(tree.table.transformSlot(in: i) == tree.table.slot(of: "transform", namespace: nil, in: i))
            let bytes = tree.withTransformBytes(i) { String(decoding: $0, as: UTF8.self) }
            #expect(bytes == tree.attribute(i, "transform"))
        }
    }

    @Test func aDocumentWithoutTheAttributeHasNoID() throws {
        let plain = try XMLReader.read(Array(Self.documents[0].utf8), file: "t.svg").tree
        #expect(plain.table.transformNameID == -1)
        let with = try XMLReader.read(Array(Self.documents[2].utf8), file: "t.svg").tree
        #expect(with.table.transformNameID.map { $0 >= 0 } == true)
    }
}
