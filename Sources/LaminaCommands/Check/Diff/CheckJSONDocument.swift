/// A parsed JSON document for structural diffs: a flat node arena, parsed without recursion.
///
/// Numbers keep their source text (so diffs print what the file says) and their value (so
/// tolerances can compare them). Object members keep their file order.
struct CheckJSONDocument: Sendable {
    /// The type of one JSON value.
    enum Kind: UInt8, Sendable {
        case null, bool, number, string, array, object
    }

    /// One JSON value; containers refer to their children by node index.
    struct Node: Sendable {
        var kind: Kind
        /// String contents, number text, or `true`/`false`/`null`.
        var text: String = ""
        var number: Double = 0
        var children: [Int] = []
        /// Member names of an object, parallel to `children`.
        var keys: [String] = []
        /// Where the value starts in the file (a byte offset), for diagnostics.
        var offset = 0
    }

    /// All values; node 0 is the document's top value.
    var nodes: [Node]

    /// The node index of member `key` of object `node`, if present (linear; objects are small).
    func member(_ key: String, of node: Int) -> Int? {
        let n = nodes[node]
        guard n.kind == .object else { return nil }
        for (i, k) in n.keys.enumerated() where k == key { return n.children[i] }
        return nil
    }

    /// The string value of member `key` of object `node`, if it is a string.
    func string(_ key: String, of node: Int) -> String? {
        guard let m = member(key, of: node), nodes[m].kind == .string else { return nil }
        return nodes[m].text
    }

    /// Parses `bytes`, or returns `nil` when they are not a single well-formed JSON value.
    static func parse(_ bytes: [UInt8]) -> CheckJSONDocument? {
        var parser = CheckJSONParser(bytes: bytes)
        return parser.parse()
    }

    /// Where parsing `bytes` stops when they are not a well-formed JSON value (a byte offset).
    static func errorOffset(_ bytes: [UInt8]) -> Int {
        var parser = CheckJSONParser(bytes: bytes)
        _ = parser.parse()
        return min(parser.i, bytes.count)
    }

    /// The 1-based line and column (in bytes) of `offset` in `bytes`.
    static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1, lineStart = 0
        for k in 0..<min(offset, bytes.count) where bytes[k] == 0x0A {
            line += 1
            lineStart = k + 1
        }
        return (line, offset - lineStart + 1)
    }
}

/// The iterative parser behind `CheckJSONDocument.parse`.
private struct CheckJSONParser {
    let bytes: [UInt8]
    var i = 0
    var nodes: [CheckJSONDocument.Node] = []
    /// Open containers, innermost last.
    var stack: [Int] = []
    /// The member name waiting for its value, per open object.
    var pendingKey: [String] = []

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func parse() -> CheckJSONDocument? {
        skipSpace()
        // Each turn reads one value (or closes containers), then what may follow it.
        var wantValue = true
        while true {
            if wantValue {
                guard let opened = readValue() else { return nil }
                if opened {
                    skipSpace()
                    guard i < bytes.count else { return nil }
                    let top = stack[stack.count - 1]
                    let closer: UInt8 = nodes[top].kind == .object ? 0x7D : 0x5D
                    if bytes[i] == closer {
                        i += 1
                        stack.removeLast()
                        pendingKey.removeLast()
                    } else {
                        if nodes[top].kind == .object { guard readKey() else { return nil } }
                        continue
                    }
                }
            }
            // After a complete value: a comma, a closer, or the end.
            skipSpace()
            guard let top = stack.last else {
                return i == bytes.count && !nodes.isEmpty ? CheckJSONDocument(nodes: nodes) : nil
            }
            guard i < bytes.count else { return nil }
            let isObject = nodes[top].kind == .object
            switch bytes[i] {
            case 0x2C:
                i += 1
                skipSpace()
                if isObject { guard readKey() else { return nil } }
                wantValue = true
            case 0x7D where isObject, 0x5D where !isObject:
                i += 1
                stack.removeLast()
                pendingKey.removeLast()
                wantValue = false
            default:
                return nil
            }
        }
    }

    /// Reads `"key" :` into the innermost object's pending key.
    mutating func readKey() -> Bool {
        guard i < bytes.count, bytes[i] == 0x22, let key = readString() else { return false }
        skipSpace()
        guard i < bytes.count, bytes[i] == 0x3A else { return false }
        i += 1
        skipSpace()
        pendingKey[pendingKey.count - 1] = key
        return true
    }

    /// Reads one value and attaches it; returns `true` when it opened a container, `nil` on error.
    mutating func readValue() -> Bool? {
        guard i < bytes.count else { return nil }
        var node = CheckJSONDocument.Node(kind: .null)
        node.offset = i
        var opens = false
        switch bytes[i] {
        case 0x7B: node.kind = .object; opens = true; i += 1
        case 0x5B: node.kind = .array; opens = true; i += 1
        case 0x22:
            guard let s = readString() else { return nil }
            node.kind = .string
            node.text = s
        case 0x74: guard literal("true") else { return nil }; node.kind = .bool; node.text = "true"
        case 0x66: guard literal("false") else { return nil }; node.kind = .bool; node.text = "false"
        case 0x6E: guard literal("null") else { return nil }; node.text = "null"
        default:
            guard let (text, value) = readNumber() else { return nil }
            node.kind = .number
            node.text = text
            node.number = value
        }
        let index = nodes.count
        nodes.append(node)
        if let parent = stack.last {
            nodes[parent].children.append(index)
            if nodes[parent].kind == .object { nodes[parent].keys.append(pendingKey[pendingKey.count - 1]) }
        } else if index != 0 {
            return nil
        }
        if opens {
            stack.append(index)
            pendingKey.append("")
        }
        return opens
    }

    mutating func literal(_ word: String) -> Bool {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, Array(bytes[i..<(i + w.count)]) == w else { return false }
        i += w.count
        return true
    }

    mutating func readNumber() -> (String, Double)? {
        let start = i
        while i < bytes.count, Self.isNumberByte(bytes[i]) { i += 1 }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard i > start, let value = Double(text), value.isFinite else { return nil }
        return (text, value)
    }

    static func isNumberByte(_ b: UInt8) -> Bool {
        (0x30...0x39).contains(b) || b == 0x2B || b == 0x2D || b == 0x2E || b == 0x45 || b == 0x65
    }

    /// Reads a string starting at its opening quote, decoding escapes.
    mutating func readString() -> String? {
        i += 1
        var out: [UInt8] = []
        while i < bytes.count {
            let b = bytes[i]
            i += 1
            if b == 0x22 { return String(decoding: out, as: UTF8.self) }
            if b < 0x20 { return nil }
            guard b == 0x5C else { out.append(b); continue }
            guard i < bytes.count else { return nil }
            let e = bytes[i]
            i += 1
            switch e {
            case 0x22, 0x5C, 0x2F: out.append(e)
            case 0x62: out.append(0x08)
            case 0x66: out.append(0x0C)
            case 0x6E: out.append(0x0A)
            case 0x72: out.append(0x0D)
            case 0x74: out.append(0x09)
            case 0x75:
                guard var scalar = hex4() else { return nil }
                if (0xD800..<0xDC00).contains(scalar), i + 1 < bytes.count, bytes[i] == 0x5C, bytes[i + 1] == 0x75 {
                    i += 2
                    guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                let s = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                out.append(contentsOf: Array(String(Character(s)).utf8))
            default:
                return nil
            }
        }
        return nil
    }

    mutating func hex4() -> UInt32? {
        guard i + 4 <= bytes.count else { return nil }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            i += 1
            switch b {
            case 0x30...0x39: v = v << 4 | UInt32(b - 0x30)
            case 0x41...0x46: v = v << 4 | UInt32(b - 0x37)
            case 0x61...0x66: v = v << 4 | UInt32(b - 0x57)
            default: return nil
            }
        }
        return v
    }

    mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 {
            i += 1
        }
    }
}
