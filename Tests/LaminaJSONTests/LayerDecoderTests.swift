import LaminaCore
import LaminaJSON
import Testing

/// One rejected document and the error it must produce.
struct BadDocument: Sendable, CustomTestStringConvertible {
    var json: String
    var kind: LayerJSONError.Kind
    var path: String
    var message: String

    init(_ json: String, _ kind: LayerJSONError.Kind, _ path: String, _ message: String) {
        self.json = json
        self.kind = kind
        self.path = path
        self.message = message
    }

    var testDescription: String { "\(kind): \(path): \(message)" }
}

/// A document around a root layer object.
func doc(_ root: String, resources: String? = nil) -> String {
    var s = "{\"format\": \"lamina.layers\", \"version\": 1, \"root\": \(root)"
    if let resources { s += ", \"resources\": \(resources)" }
    return s + "}"
}

/// Decodes `json`, expecting failure, and returns the error.
func decodeError(_ json: String, file: String = "t.json") -> LayerJSONError? {
    do {
        _ = try LayerJSON.decode(json, file: file)
        return nil
    } catch {
        return error
    }
}

@Suite struct LayerDecoderTests {
    static let bad: [BadDocument] = [
        BadDocument(
            doc(#"{"sublayers": [{}, {}, {"opacity": "high"}]}"#), .typeMismatch, "root.sublayers[2].opacity",
            "expected a number"),
        BadDocument(doc(#"{"opacity": 1.5}"#), .invalidValue, "root.opacity", "expected a number from 0 to 1"),
        BadDocument(doc(#"{"name": 3}"#), .typeMismatch, "root.name", "expected a string"),
        BadDocument(doc(#"{"hidden": 1}"#), .typeMismatch, "root.hidden", "expected a boolean"),
        BadDocument(doc(#"{"bounds": [0, 0, 1]}"#), .invalidValue, "root.bounds", "expected 4 numbers, found 3"),
        BadDocument(doc(#"{"bounds": [0, 0, "1", 2]}"#), .typeMismatch, "root.bounds[2]", "expected a number"),
        BadDocument(doc(#"{"position": {}}"#), .typeMismatch, "root.position", "expected an array of 2 numbers"),
        BadDocument(
            doc(#"{"transform": [1, 0, 0, 1, 0]}"#), .invalidValue, "root.transform",
            "expected 6 (affine) or 16 numbers, found 5"),
        BadDocument(doc(#"{"colour": "red"}"#), .unknownKey, "root", "unknown key 'colour'"),
        BadDocument(
            doc(#"{"sublayers": [{"mask": {"bogus": 1}}]}"#), .unknownKey, "root.sublayers[0].mask",
            "unknown key 'bogus'"),
        BadDocument(doc(#"{"name": "a", "name": "b"}"#), .duplicateKey, "root", "duplicate key 'name'"),
        BadDocument(doc(#"{"x-a": 1, "x-a": 2}"#), .duplicateKey, "root", "duplicate key 'x-a'"),
        BadDocument(doc(#"{"sublayers": {}}"#), .typeMismatch, "root.sublayers", "expected an array of layers"),
        BadDocument(doc(#"{"sublayers": [3]}"#), .typeMismatch, "root.sublayers[0]", "expected a layer object"),
        BadDocument(doc(#"{"mask": []}"#), .typeMismatch, "root.mask", "expected a layer object"),
        BadDocument(
            doc(#"{"layoutManager": "grid"}"#), .invalidValue, "root.layoutManager",
            "unknown layoutManager 'grid' (expected 'constraint')"),
        BadDocument(
            doc(#"{"autoresizingMask": ["widthSizable", "wide"]}"#), .invalidValue, "root.autoresizingMask[1]",
            "unknown autoresizing name 'wide' (expected one of 'minXMargin', 'widthSizable', 'maxXMargin', "
                + "'minYMargin', 'heightSizable', 'maxYMargin')"),
        BadDocument(
            doc(#"{"constraints": [{"attribute": "centerX", "relativeTo": "superlayer", "sourceAttribute": "midX"}]}"#),
            .invalidValue, "root.constraints[0].attribute",
            "unknown constraint attribute 'centerX' (expected one of 'minX', 'midX', 'maxX', 'width', 'minY', "
                + "'midY', 'maxY', 'height')"),
        BadDocument(
            doc(#"{"constraints": [{"attribute": "minX", "sourceAttribute": "midX"}]}"#), .missingKey,
            "root.constraints[0]", "missing key 'relativeTo'"),
        BadDocument(
            doc(#"{"kind": "shapeLayer"}"#), .invalidValue, "root.kind",
            "invalid value 'shapeLayer' (expected 'layer', 'transformLayer')"),
        BadDocument(
            doc(#"{"content": {"kind": "rect", "fillRule": "even-odd"}}"#), .invalidValue, "root.content.fillRule",
            "invalid value 'even-odd' (expected 'nonzero', 'evenodd')"),
        BadDocument(
            doc(#"{"content": {"kind": "path", "d": "M0 0", "strokeLinecap": "flat"}}"#), .invalidValue,
            "root.content.strokeLinecap", "invalid value 'flat' (expected 'butt', 'round', 'square')"),
        BadDocument(
            doc(#"{"content": {"kind": "star"}}"#), .invalidValue, "root.content.kind",
            "invalid value 'star' (expected 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'path', 'svg')"),
        BadDocument(doc(#"{"content": {"x": 1}}"#), .missingKey, "root.content", "missing key 'kind'"),
        BadDocument(doc(#"{"content": {"kind": "path"}}"#), .missingKey, "root.content", "missing key 'd'"),
        BadDocument(
            doc(#"{"content": {"kind": "rect", "r": 2}}"#), .invalidValue, "root.content",
            "key 'r' does not apply to content kind 'rect'"),
        BadDocument(
            doc(#"{"content": {"kind": "polygon", "points": [1, 2, 3]}}"#), .invalidValue, "root.content.points",
            "expected an even count of coordinates, found 3"),
        BadDocument(
            doc(#"{"content": {"kind": "circle", "fill": 3}}"#), .typeMismatch, "root.content.fill",
            #"expected a color string, "none" or {"ref": ID}"#),
        BadDocument(
            doc(#"{"content": {"kind": "circle", "fill": {"fallback": "red"}}}"#), .missingKey, "root.content.fill",
            "missing key 'ref'"),
        BadDocument(
            doc(#"{"content": {"kind": "circle", "extra": [["a"]]}}"#), .invalidValue, "root.content.extra[0]",
            "expected a [name, value] pair of 2 strings"),
        BadDocument(
            doc(#"{"content": {"kind": "circle", "extra": [["paint-order", "stroke"], ["a b", "1"]]}}"#), .invalidValue,
            "root.content.extra[1]", "'a b' is not an attribute name"),
        BadDocument(
            doc(#"{"content": {"kind": "circle", "extra": [["paint-order\n", "stroke"]]}}"#), .invalidValue,
            "root.content.extra[0]", "'paint-order\n' is not an attribute name"),
        BadDocument(
            doc(#"{"svg": {"element": "g", "extra": [["x\"y", "1"]]}}"#), .invalidValue, "root.svg.extra[0]",
            "'x\"y' is not an attribute name"),
        BadDocument(
            doc(#"{"svg": {"element": "g", "extra": [["foo:bar", "a"]]}}"#), .invalidValue, "root.svg.extra[0]",
            "'foo:bar' is not an attribute name"),
        BadDocument(
            doc(#"{"content": {"kind": "circle", "extra": [["", "1"]]}}"#), .invalidValue, "root.content.extra[0]",
            "'' is not an attribute name"),
        BadDocument(doc(#"{"svg": {"id": "a"}}"#), .missingKey, "root.svg", "missing key 'element'"),
        BadDocument(
            doc(#"{"svg": {"element": "g", "filter": ["a", 2]}}"#), .typeMismatch, "root.svg.filter[1]", "expected a string"),
        BadDocument(
            doc(#"{"svg": {"element": "g", "filter": {"id": "a"}}}"#), .typeMismatch, "root.svg.filter",
            "expected a filter id or an array of filter ids"),
        BadDocument(
            doc(#"{"backgroundColor": "notacolor"}"#), .invalidValue, "root.backgroundColor",
            "invalid color 'notacolor' (expected a CSS color)"),
        BadDocument(
            doc(#"{"borderColor": "none"}"#), .invalidValue, "root.borderColor", "invalid color 'none' (expected a CSS color)"),
        BadDocument(
            doc(##"{"content": {"kind": "rect", "fill": "#12"}}"##), .invalidValue, "root.content.fill",
            "invalid color '#12' (expected a CSS color or 'none')"),
        BadDocument(
            doc(#"{"content": {"kind": "rect", "stroke": "red icc-color(x, 1)"}}"#), .invalidValue, "root.content.stroke",
            "invalid color 'red icc-color(x, 1)' (expected a CSS color or 'none')"),
        BadDocument(
            doc(#"{"content": {"kind": "rect", "stroke": "url(#g)"}}"#), .invalidValue, "root.content.stroke",
            "invalid color 'url(#g)' (expected a CSS color or 'none')"),
        BadDocument(
            doc(#"{"content": {"kind": "rect", "fill": {"ref": "g", "fallback": "blu"}}}"#), .invalidValue,
            "root.content.fill.fallback", "invalid color 'blu' (expected a CSS color or 'none')"),
        BadDocument(
            doc("{}", resources: #"{"g": {"kind": "gradient", "xml": "<g/>"}}"#), .invalidValue, "resources.g.kind",
            "unknown resource kind 'gradient'"),
        BadDocument(
            doc("{}", resources: #"{"g": {"kind": "mask", "xml": ""}, "g": {"kind": "mask", "xml": ""}}"#),
            .duplicateKey, "resources", "duplicate key 'g'"),
        BadDocument(
            #"{"format": "lamina.layers", "version": 99, "root": {}}"#, .version, "version", "unsupported version 99"),
        BadDocument(
            #"{"format": "lamina.layers", "version": "1", "root": {}}"#, .typeMismatch, "version", "expected a number"),
        BadDocument(
            #"{"format": "svg", "version": 1, "root": {}}"#, .format, "format",
            "expected format 'lamina.layers', found 'svg'"),
        BadDocument(#"{"version": 1, "root": {}}"#, .missingKey, "", "missing key 'format'"),
        BadDocument(#"{"format": "lamina.layers", "version": 1}"#, .missingKey, "", "missing key 'root'"),
        BadDocument(#"{"format": "lamina.layers", "version": 1, "rot": {}}"#, .unknownKey, "", "unknown key 'rot'"),
        BadDocument("[]", .typeMismatch, "", "expected a JSON object (a lamina.layers document)"),
        BadDocument("", .syntax, "", "empty input (expected a lamina.layers JSON object)"),
        BadDocument(doc(#"{"opacity": NaN}"#), .nonFinite, "root.opacity", "NaN and Infinity are not allowed (JSON numbers are finite)"),
        BadDocument(doc(#"{"zPosition": -Infinity}"#), .nonFinite, "root.zPosition", "NaN and Infinity are not allowed (JSON numbers are finite)"),
        BadDocument(doc(#"{"zPosition": 1e400}"#), .nonFinite, "root.zPosition", "number 1e400 is out of range"),
        BadDocument(doc(#"{"zPosition": -1.5E+999}"#), .nonFinite, "root.zPosition", "number -1.5E+999 is out of range"),
        BadDocument(doc(#"{"zPosition": 01}"#), .syntax, "root.zPosition", "invalid number"),
        BadDocument(doc(#"{"zPosition": 1.}"#), .syntax, "root.zPosition", "invalid number"),
        BadDocument(doc(#"{"zPosition": -}"#), .syntax, "root.zPosition", "invalid number"),
        BadDocument(doc(#"{"name": "a\qb"}"#), .syntax, "root.name", "invalid escape in string"),
        BadDocument(doc(#"{"name": "\ud800"}"#), .syntax, "root.name", "unpaired surrogate in \\u escape"),
        BadDocument(doc("{\"name\": \"a\nb\"}"), .syntax, "root.name", "control character in string (write it as an escape)"),
        BadDocument(doc(#"{"name": "a", }"#), .syntax, "root", "expected a key string, found '}'"),
        BadDocument(doc(#"{"name" "a"}"#), .syntax, "root", "expected ':', found '\"'"),
        BadDocument(doc(#"{"hidden": tru}"#), .syntax, "root.hidden", "unexpected character 't'"),
        BadDocument(doc(#"{"sublayers": [{} {}]}"#), .syntax, "root.sublayers", "expected ',' or ']', found '{'"),
        BadDocument(doc("{}") + " x", .syntax, "", "trailing characters after the document"),
        BadDocument(doc("{}") + "{}", .syntax, "", "trailing characters after the document"),
        BadDocument(#"{"format": "lamina.layers", "version": 1, "root": {"sublayers": [{"name": "a"#, .syntax,
            "root.sublayers[0].name", "unterminated string"),
        BadDocument(#"{"format": "lamina.layers", "version": 1, "root": {"sublayers": [{}"#, .syntax,
            "root.sublayers", "unexpected end of input"),
        BadDocument(#"{"format": "lamina.layers", "version": 1, "root": {"x-a": [1, {"b": "#, .syntax,
            "root", "unexpected end of input"),
    ]

    @Test(arguments: bad)
    func rejectsBadDocument(_ c: BadDocument) throws {
        let e = try #require(decodeError(c.json))
        #expect(e.kind == c.kind)
        #expect(e.path == c.path)
        #expect(e.message == c.message)
        #expect(e.file == "t.json")
        #expect(e.line >= 1)
    }

    /// Every color form SVG and CSS draw is accepted as it is written (the importer writes
    /// `#rrggbb` and `rgba()`; people write the rest), and `none` where a paint may be none.
    @Test(arguments: [
        "#abc", "#abcd", "#A0B1C2", "#a0b1c2ff", "red", "RebeccaPurple", "transparent", "currentColor",
        "rgb(1, 2, 3)", "rgba(1,2,3,0.5)", "rgb(1 2 3 / 50%)", "hsl(120, 50%, 50%)", "hwb(0 0% 0%)",
        "oklch(0.7 0.1 200)", " red ",
    ])
    func colorsAreAcceptedAsWritten(_ color: String) throws {
        let json = doc(#"{"backgroundColor": "\#(color)", "content": {"kind": "rect", "fill": "\#(color)", "stroke": {"ref": "g", "fallback": "\#(color)"}}}"#)
        let scene = try LayerJSON.decode(Array(json.utf8), file: "t.json")
        #expect(scene.tree[scene.root].backgroundColor == color)
        #expect(scene.tree[scene.root].content?.fill == .color(color))
        let none = doc(#"{"content": {"kind": "rect", "fill": "none", "stroke": {"ref": "g", "fallback": "none"}}}"#)
        #expect(decodeError(none) == nil)
    }

    @Test func errorDescriptionNamesFileLineColumnAndPath() throws {
        let json = """
            {"format": "lamina.layers", "version": 1,
             "root": {"sublayers": [{}, {},
               {"opacity": "high"}]}}
            """
        let e = try #require(decodeError(json, file: "scene.json"))
        #expect(e.line == 3 && e.column == 16)
        #expect(e.description == "scene.json:3:16: error: root.sublayers[2].opacity: expected a number")
        #expect(e.diagnostic.formatted() == e.description)
    }

    @Test func versionNinetyNineIsUnsupported() throws {
        let e = try #require(decodeError(#"{"format": "lamina.layers", "version": 99, "root": {}}"#))
        #expect(e.description == "t.json:1:40: error: version: unsupported version 99")
    }

    @Test func invalidUTF8IsRejectedWithItsPosition() throws {
        var bytes = Array(doc(#"{"name": "ab"}"#).utf8)
        let at = try #require(bytes.firstIndex(of: UInt8(ascii: "b")))
        for bad: [UInt8] in [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80]] {
            var b = bytes
            b.replaceSubrange(at..<(at + 1), with: bad)
            do {
                _ = try LayerJSON.decode(b, file: "u.json")
                Issue.record("accepted invalid UTF-8 \(bad)")
            } catch {
                #expect(error.kind == .invalidUTF8)
                #expect(error.message == "invalid UTF-8")
                #expect(error.column == at + 1)
            }
        }
        bytes.replaceSubrange(at..<(at + 1), with: Array("é😀".utf8))
        let scene = try LayerJSON.decode(bytes, file: "u.json")
        #expect(scene.tree[scene.root].name == "aé😀")
    }

    @Test func everyTruncationOfAValidDocumentFailsCleanly() throws {
        let bytes = Array(LayerJSON.encode(SampleScenes.rich()).utf8)
        var lastNonSpace = bytes.count - 1
        while bytes[lastNonSpace] == 0x0A { lastNonSpace -= 1 }
        for n in 0..<lastNonSpace {
            do {
                _ = try LayerJSON.decode(Array(bytes[0..<n]), file: "cut.json")
                Issue.record("accepted a document cut at \(n)")
            } catch {
                #expect(error.kind == .syntax || error.kind == .invalidUTF8, "cut at \(n): \(error)")
            }
        }
    }

    @Test func hundredThousandDeepSublayersFailCleanly() throws {
        let depth = 100_000
        var s = #"{"format": "lamina.layers", "version": 1, "root": "#
        s += String(repeating: #"{"sublayers": ["#, count: depth)
        s += "{}"
        s += String(repeating: "]}", count: depth)
        s += "}"
        let e = try #require(decodeError(s))
        #expect(e.kind == .tooDeep)
        #expect(e.message == "nesting too deep (more than 10000 levels)")
        #expect(e.path.hasPrefix("root.sublayers[0].sublayers[0]"))
        // The path is cut in the middle: a message of one line, not 20,000 components.
        let tail = String(repeating: ".sublayers[0]", count: 10) + ".sublayers"
        #expect(e.path.hasSuffix("[0]…(9958 more)…" + tail), "\(e.path)")
        #expect(e.path.count < 400)
    }

    @Test func hundredThousandDeepExtensionValueFailsCleanly() throws {
        let depth = 100_000
        let deep = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let e = try #require(decodeError(doc(#"{"x-deep": \#(deep)}"#)))
        #expect(e.kind == .tooDeep)
        let ok = String(repeating: #"{"a":["#, count: 1_000) + String(repeating: "]}", count: 1_000)
        let scene = try LayerJSON.decode(doc(#"{"x-deep": \#(ok), "name": "n"}"#), file: "t.json")
        #expect(scene.tree[scene.root].name == "n")
    }

    @Test func extensionKeysAreIgnoredWhateverTheirShape() throws {
        let json = """
            {"format": "lamina.layers", "x-tool": {"name": "t", "list": [1, "a", null, true, {"k": []}]},
             "version": 1,
             "root": {"x-note": "hi", "name": "r", "x-n": -1.5e3,
               "content": {"kind": "circle", "r": 2, "x-why": null},
               "svg": {"element": "g", "x-extra": [[]]},
               "constraints": [{"attribute": "minX", "relativeTo": "superlayer", "sourceAttribute": "minX", "x-c": 0}],
               "sublayers": [{"x-empty": {}}]},
             "resources": {"x-gradient": {"kind": "linearGradient", "xml": "<linearGradient/>", "x-r": 1}}}
            """
        let scene = try LayerJSON.decode(json, file: "x.json")
        let root = scene.tree[scene.root]
        #expect(root.name == "r")
        #expect(root.content?.shape == .circle(cx: 0, cy: 0, r: 2))
        #expect(root.svg == SVGInfo(element: "g"))
        #expect(root.constraints == [Constraint(attribute: .minX, relativeTo: "superlayer", sourceAttribute: .minX)])
        #expect(root.constraints.first?.location == SourceLocation(file: "x.json", line: 6, column: 20))
        #expect(scene.tree.sublayers(of: scene.root).count == 1)
        // A resource id that starts with `x-` is an id, not an extension key.
        #expect(scene.resources == [Resource(id: "x-gradient", kind: .linearGradient, xml: "<linearGradient/>")])
    }

    @Test(arguments: [[], ["f"], ["f", "lamina-filter-1", "f"]])
    func filterListsRoundTripAndOneFilterStaysAString(_ ids: [String]) throws {
        var scene = Scene()
        var svg = SVGInfo(element: "g")
        svg.filters = ids
        scene.tree[scene.root].svg = svg
        let json = LayerJSON.encode(scene)
        #expect(json.contains(#""filter": "f""#) == (ids.count == 1))
        #expect(json.contains(#""filter": ["f", "lamina-filter-1", "f"]"#) == (ids.count == 3))
        let back = try LayerJSON.decode(json, file: "f.json")
        #expect(back.tree[back.root].svg?.filters == ids)
        #expect(back.tree[back.root].svg?.filter == ids.first)
    }

    /// Resource ids are compared as written, as XML compares ids (and JSON Schema keys): a
    /// precomposed é and an e with a combining accent are two ids, not a duplicate.
    @Test func resourceIDsThatOnlyLookAlikeAreTwoIDs() throws {
        let json = doc("{}", resources: #"{"\u00e9": {"kind": "other", "xml": "<g/>"}, "e\u0301": {"kind": "other", "xml": "<g/>"}}"#)
        let scene = try LayerJSON.decode(json, file: "t.json")
        #expect(scene.resources.map { Array($0.id.unicodeScalars) } == [["\u{E9}"], ["e", "\u{301}"]])
        let same = doc("{}", resources: #"{"\u00e9": {"kind": "other", "xml": ""}, "é": {"kind": "other", "xml": ""}}"#)
        #expect(decodeError(same)?.message == "duplicate key 'é'")
    }

    @Test func keysInAnyOrderAndDefaultsWrittenOutDecodeTheSame() throws {
        let json = """
            {"root": {"sublayers": [{"name": "s"}], "opacity": 1, "anchorPoint": [0.5, 0.5],
                      "mask": {"name": "m"}, "transform": [1, 0, 0, 1, 0, 0], "hidden": false,
                      "autoresizingMask": [], "constraints": []},
             "version": 1, "format": "lamina.layers", "resources": {}}
            """
        let scene = try LayerJSON.decode(json, file: "o.json")
        let root = scene.root
        let subs = scene.tree.sublayers(of: root)
        #expect(subs.count == 1)
        #expect(scene.tree[subs[0]].name == "s")
        let mask = try #require(scene.tree.mask(of: root))
        #expect(scene.tree[mask].name == "m")
        #expect(scene.tree[root] == Layer())
    }

    @Test func escapesAndNumbersDecodeExactly() throws {
        let json = doc(#"""
            {"name": "q\"b\\s\/\b\f\n\r\t\u0041\u00e9\ud83d\ude00", "zPosition": -0.000001,
             "anchorPointZ": 12345678901234567890, "cornerRadius": 1.7976931348623157e308,
             "borderWidth": 2.5e-3, "bounds": [1E2, -0, 0.1, 123456.789012]}
            """#)
        let scene = try LayerJSON.decode("\u{FEFF}" + json, file: "n.json")
        let l = scene.tree[scene.root]
        #expect(l.name == "q\"b\\s/\u{8}\u{C}\n\r\tAé😀")
        #expect(l.zPosition == -0.000001)
        #expect(l.anchorPointZ == 12345678901234567890.0)
        #expect(l.cornerRadius == Double.greatestFiniteMagnitude)
        #expect(l.borderWidth == 0.0025)
        #expect(l.bounds == Rect(100, 0, 0.1, 123456.789012))
    }
}
