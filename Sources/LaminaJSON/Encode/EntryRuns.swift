/// The keys of a layer's own entries (SPEC §3), and the closing brace, as written by
/// ``LayerEncoder`` through an ``EntryCursor``.
enum EntryKey: Int, CaseIterable {
    case name, kind, bounds, position, anchorPoint, anchorPointZ, zPosition, transform, sublayerTransform
    case geometryFlipped, masksToBounds, hidden, cornerRadius, opacity, allowsGroupOpacity
    case backgroundColor, borderColor, borderWidth, layoutManager, content, svg
    case x, y, width, height, rx, ry, cx, cy, r, x1, y1, x2, y2, points, d, xml
    case fill, stroke, fillOpacity, strokeOpacity, fillRule, strokeWidth, strokeLinecap, strokeLinejoin
    case strokeMiterlimit, strokeDasharray, strokeDashoffset, clipRule
    case element, id, title, `class`, mask, ref, fallback, sublayers
    /// Not a key: the newline and indent before the `}` that closes an object.
    case closeObject

    /// The key as written (empty for ``closeObject``).
    var text: StaticString {
        switch self {
        case .name: "name"
        case .kind: "kind"
        case .bounds: "bounds"
        case .position: "position"
        case .anchorPoint: "anchorPoint"
        case .anchorPointZ: "anchorPointZ"
        case .zPosition: "zPosition"
        case .transform: "transform"
        case .sublayerTransform: "sublayerTransform"
        case .geometryFlipped: "geometryFlipped"
        case .masksToBounds: "masksToBounds"
        case .hidden: "hidden"
        case .cornerRadius: "cornerRadius"
        case .opacity: "opacity"
        case .allowsGroupOpacity: "allowsGroupOpacity"
        case .backgroundColor: "backgroundColor"
        case .borderColor: "borderColor"
        case .borderWidth: "borderWidth"
        case .layoutManager: "layoutManager"
        case .content: "content"
        case .svg: "svg"
        case .x: "x"
        case .y: "y"
        case .width: "width"
        case .height: "height"
        case .rx: "rx"
        case .ry: "ry"
        case .cx: "cx"
        case .cy: "cy"
        case .r: "r"
        case .x1: "x1"
        case .y1: "y1"
        case .x2: "x2"
        case .y2: "y2"
        case .points: "points"
        case .d: "d"
        case .xml: "xml"
        case .fill: "fill"
        case .stroke: "stroke"
        case .fillOpacity: "fillOpacity"
        case .strokeOpacity: "strokeOpacity"
        case .fillRule: "fillRule"
        case .strokeWidth: "strokeWidth"
        case .strokeLinecap: "strokeLinecap"
        case .strokeLinejoin: "strokeLinejoin"
        case .strokeMiterlimit: "strokeMiterlimit"
        case .strokeDasharray: "strokeDasharray"
        case .strokeDashoffset: "strokeDashoffset"
        case .clipRule: "clipRule"
        case .element: "element"
        case .id: "id"
        case .title: "title"
        case .`class`: "class"
        case .mask: "mask"
        case .ref: "ref"
        case .fallback: "fallback"
        case .sublayers: "sublayers"
        case .closeObject: ""
        }
    }
}

/// Every entry's leading bytes, precomputed for each indent level: `,`, the newline, the
/// indent and `"key": ` as one run, copied with fixed 16-byte moves (the general writer
/// tested for room, followed its container state, filled the indent with a `memset` call and
/// copied the key a word at a time, ~130 instructions an entry).
///
/// A level's runs are slots of ``slot`` bytes, one per ``EntryKey``: byte 0 holds the run's
/// length without the comma, byte 1 the comma, then the run. Levels are made one thread at a
/// time (``prepare(upTo:)``, by the walk that cuts the chunks) while other threads read the
/// levels made before.
final class EntryRuns: @unchecked Sendable {
    static let slot = 256
    /// The slot of the first prepared `"svg"` object, after the keys' (one per
    /// ``UsualElement`` but `other`).
    static let svgSlots = EntryKey.closeObject.rawValue + 1
    /// The levels up to which a level also holds, for each usual element, the whole `"svg"`
    /// object of a layer whose facts are that element alone (deeper, it outgrows a slot).
    static let wholeSVGLevels = 32
    /// The most bytes an entry's run writes at the cursor, its overcopy included: the room an
    /// entry needs besides its value.
    static let entryRoom = 2 + 2 * JSONWriter.maxIndentLevel + 32 + 96

    /// Each level's block, a table of fixed size that never moves: a level is added while
    /// other threads read the ones before it (an array appended to could move its elements
    /// under them).
    private let levels: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>
    /// The levels made, from 0; read and written only by the thread preparing (the readers'
    /// levels were prepared before their chunk was handed to them).
    @exclusivity(unchecked) private var prepared = 0

    init() {
        levels = .allocate(capacity: JSONWriter.maxIndentLevel + 1)
        levels.initialize(repeating: nil, count: JSONWriter.maxIndentLevel + 1)
    }

    deinit {
        for k in 0..<prepared { levels[k].unsafelyUnwrapped.deallocate() }
        levels.deallocate()
    }

    /// Makes the runs of every level up to `level` (levels past ``JSONWriter/maxIndentLevel``
    /// share its indent).
    func prepare(upTo level: Int) {
        let last = min(level, JSONWriter.maxIndentLevel)
        while prepared <= last {
            levels[prepared] = Self.makeLevel(prepared)
            prepared += 1
        }
    }

    /// The runs of entries at `level` (prepared).
    @inline(__always)
    func runs(level: Int) -> UnsafePointer<UInt8> {
        UnsafePointer(levels[min(level, JSONWriter.maxIndentLevel)].unsafelyUnwrapped)
    }

    private static func makeLevel(_ level: Int) -> UnsafeMutablePointer<UInt8> {
        let size = (svgSlots + UsualElement.other.rawValue) * slot
        let block = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
        block.initialize(repeating: 0x20, count: size)
        let spaces = 2 * min(level, JSONWriter.maxIndentLevel)
        for key in EntryKey.allCases {
            // `\n`, the indent (already spaces), then `"key": ` or `}`.
            let s = block + key.rawValue * slot
            s[1] = UInt8(ascii: ",")
            s[2] = 0x0A
            var p = s + 3 + spaces
            if key == .closeObject {
                p[0] = UInt8(ascii: "}")
                p += 1
            } else {
                let text = key.text
                p[0] = UInt8(ascii: "\"")
                (p + 1).update(from: text.utf8Start, count: text.utf8CodeUnitCount)
                p += 1 + text.utf8CodeUnitCount
                p[0] = UInt8(ascii: "\"")
                p[1] = UInt8(ascii: ":")
                p[2] = 0x20
                p += 3
            }
            s[0] = UInt8(truncatingIfNeeded: s.distance(to: p) - 2)
        }
        if level <= wholeSVGLevels {
            for element in UsualElement.allCases where element != .other {
                makeWholeSVG(element, at: block + (svgSlots + element.rawValue) * slot, spaces: spaces)
            }
        }
        return block
    }

    /// `,`, then `"svg": {"element": "name"}` one entry a line at `spaces` (the slot is
    /// already spaces), into slot `s`.
    private static func makeWholeSVG(_ element: UsualElement, at s: UnsafeMutablePointer<UInt8>, spaces: Int) {
        var p = s + 2
        func put(_ t: StaticString) {
            p.update(from: t.utf8Start, count: t.utf8CodeUnitCount)
            p += t.utf8CodeUnitCount
        }
        s[1] = UInt8(ascii: ",")
        p[0] = 0x0A
        p += 1 + spaces
        put("\"svg\": {\n")
        p += spaces + 2
        put("\"element\": \"")
        put(element.name)
        put("\"\n")
        p += spaces
        put("}")
        s[0] = UInt8(truncatingIfNeeded: s.distance(to: p) - 2)
    }
}
