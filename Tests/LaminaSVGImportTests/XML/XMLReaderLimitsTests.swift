import LaminaCore
import Testing

@testable import LaminaSVGImport

/// libxml2's 10 MB size limits are lifted for entity-free documents (embedded images), while
/// its depth limit keeps holding and documents with entities keep every limit.
@Suite struct XMLReaderLimitsTests {
    /// A base64-like value longer than libxml2's 10,000,000-byte attribute limit.
    static let bigValue = "data:image/png;base64," + String(repeating: "QUJD", count: 2_600_000)

    static func document(depth: Int, entities: Bool = false) -> [UInt8] {
        var s = #"<?xml version="1.0"?>"#
        if entities { s += #"<!DOCTYPE svg [<!ENTITY ns "http://www.w3.org/2000/svg">]>"# }
        s += #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">"#
        s += String(repeating: "<g>", count: depth)
        s += #"<image width="4" height="4" xlink:href="\#(bigValue)"/>"#
        s += String(repeating: "</g>", count: depth)
        return Array((s + "</svg>").utf8)
    }

    @Test func anEntityFreeDocumentWithAValueOverTenMegabytesIsRead() throws {
        let (tree, _) = try FastXMLReaderTests.libxml2Read(Self.document(depth: 3), file: "big.svg")
        let image = try #require(tree.indices.first { tree.name($0) == "image" })
        #expect(tree.attribute(image, "href", namespace: XMLNamespace.xlink) == Self.bigValue)
        #expect(tree.parent(image) == 3)
    }

    /// In the lifted parse the reader enforces the 256-ancestor limit itself, like libxml2.
    @Test(arguments: [(255, true), (256, false), (400, false)])
    func theDepthLimitStillHolds(depth: Int, readable: Bool) {
        // `depth` groups under the root: the image has depth + 1 ancestors.
        do {
            _ = try FastXMLReaderTests.libxml2Read(Self.document(depth: depth), file: "big.svg")
            #expect(readable)
        } catch {
            #expect(!readable)
            #expect(error.kind == .tooDeep)
            #expect(error.message.contains("Excessive depth"))
        }
    }

    @Test func aDocumentDeclaringEntitiesKeepsTheSizeLimit() {
        do {
            _ = try FastXMLReaderTests.libxml2Read(Self.document(depth: 1, entities: true), file: "big.svg")
            Issue.record("expected libxml2's size limit")
        } catch {
            #expect(error.kind == .malformedXML)
            #expect(error.message.contains("AttValue length too long"))
        }
    }

    @Test(arguments: [
        ("AttValue length too long", true), ("CData section too big found", true),
        ("Comment too big found", true), ("Excessive depth in document: 256 use XML_PARSE_HUGE option", false),
        ("Opening and ending tag mismatch: g line 1 and svg", false),
    ])
    func sizeLimitMessages(message: String, isLimit: Bool) {
        #expect(ReaderState.isSizeLimit(message) == isLimit)
    }
}
