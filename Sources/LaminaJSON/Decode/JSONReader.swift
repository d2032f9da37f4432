import LaminaCore

/// A key read against a ``KeyTable``: a known key with its bit, or another key's bytes.
enum KeyLookup<K: JSONKey> {
    case known(K, UInt64)
    case other(ArraySlice<UInt8>)
}

/// A pull tokenizer over UTF-8 JSON bytes that tracks nesting depth and the JSON path.
///
/// It never recurses: containers are entered and left by the caller (or skipped with an
/// explicit stack), so input depth only costs heap memory, capped by `maxDepth`.
struct JSONReader {
    /// One step of a JSON path: an object key or an array index.
    enum PathComponent {
        case key(String)
        case index(Int)
    }

    /// What a value starts with, judged from its first byte.
    enum ValueKind {
        case object, array, string, number, bool, null
    }

    let bytes: [UInt8]
    let file: String
    let maxDepth: Int
    var pos = 0
    var depth = 0
    /// The deepest nesting entered so far.
    var deepest = 0
    /// The path of the value being read, for error messages.
    var path: [PathComponent] = []
    var lines = LineTracker()

    init(bytes: [UInt8], file: String, maxDepth: Int) {
        self.bytes = bytes
        self.file = file
        self.maxDepth = maxDepth
    }

    // MARK: errors

    /// The path as text: `root.sublayers[2].opacity`. A path of more than ``pathTextLimit``
    /// components (a document nested thousands deep) keeps its first and last halves of that,
    /// with how many are left out between them, so that a message stays a line.
    var pathText: String {
        guard path.count > Self.pathTextLimit else { return Self.text(path[...], continuing: false) }
        // Cut between a key or index and the next key, never between a key and its index.
        var headEnd = Self.pathTextLimit / 2, tailStart = path.count - Self.pathTextLimit / 2
        if case .index = path[headEnd] { headEnd += 1 }
        if case .index = path[tailStart] { tailStart -= 1 }
        return Self.text(path[..<headEnd], continuing: false) + "…(\(tailStart - headEnd) more)…"
            + Self.text(path[tailStart...], continuing: true)
    }

    /// The most path components an error message spells out.
    static let pathTextLimit = 40

    /// Path components as text; `continuing` when they follow others (a key then takes its dot).
    private static func text(_ components: ArraySlice<PathComponent>, continuing: Bool) -> String {
        var s = ""
        for c in components {
            switch c {
            case .key(let k):
                if continuing || !s.isEmpty { s += "." }
                s += k
            case .index(let i):
                s += "[\(i)]"
            }
        }
        return s
    }

    /// An error at byte `offset` (default: the current position) with the current path.
    mutating func error(_ kind: LayerJSONError.Kind, _ message: String, at offset: Int? = nil) -> LayerJSONError {
        let (line, column) = lines.locate(offset ?? pos, in: bytes)
        return LayerJSONError(
            kind: kind, path: pathText, message: message,
            location: SourceLocation(file: file, line: line, column: column))
    }

    /// The location of byte `offset`, for values that remember where they were written.
    mutating func location(at offset: Int) -> SourceLocation {
        let (line, column) = lines.locate(offset, in: bytes)
        return SourceLocation(file: file, line: line, column: column)
    }

    /// The line and column of byte `offset`, compactly (for per-layer positions).
    mutating func position(at offset: Int) -> SourcePosition {
        let (line, column) = lines.locate(offset, in: bytes)
        return SourcePosition(line: Int32(clamping: line), column: Int32(clamping: column))
    }

    // MARK: structure

    /// Skips JSON whitespace and returns the next byte without consuming it (nil at the end).
    @inline(__always)
    mutating func peek() -> UInt8? {
        var p = pos
        let n = bytes.count
        while p < n {
            let b = bytes[p]
            if b > 0x20 || !(b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09) {
                pos = p
                return b
            }
            p += 1
        }
        pos = p
        return nil
    }

    /// The kind of the next value; throws on end of input, bad characters and NaN/Infinity.
    mutating func peekKind() throws(LayerJSONError) -> ValueKind {
        guard let b = peek() else { throw error(.syntax, "unexpected end of input") }
        switch b {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        case UInt8(ascii: "-"):
            if pos + 1 < bytes.count, bytes[pos + 1] == UInt8(ascii: "I") { throw nonFiniteLiteral() }
            return .number
        case UInt8(ascii: "N"), UInt8(ascii: "I"): throw nonFiniteLiteral()
        default: throw unexpectedCharacter()
        }
    }

    private mutating func nonFiniteLiteral() -> LayerJSONError {
        error(.nonFinite, "NaN and Infinity are not allowed (JSON numbers are finite)")
    }

    /// A syntax error naming the byte at the current position (or the end of input).
    mutating func unexpectedCharacter(expecting what: String? = nil) -> LayerJSONError {
        guard pos < bytes.count else { return error(.syntax, "unexpected end of input") }
        let b = bytes[pos]
        let shown = b >= 0x20 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x\(String(b, radix: 16))"
        if let what { return error(.syntax, "expected \(what), found \(shown)") }
        return error(.syntax, "unexpected character \(shown)")
    }

    /// Consumes `byte` (after whitespace) or throws a syntax error mentioning `what`.
    mutating func expect(_ byte: UInt8, _ what: String) throws(LayerJSONError) {
        guard peek() == byte else { throw unexpectedCharacter(expecting: what) }
        pos += 1
    }

    /// Consumes `byte` if it comes next.
    mutating func consume(_ byte: UInt8) -> Bool {
        if peek() == byte {
            pos += 1
            return true
        }
        return false
    }

    /// Counts one more level of nesting, failing past `maxDepth`.
    mutating func enter() throws(LayerJSONError) {
        depth += 1
        deepest = max(deepest, depth)
        if depth > maxDepth {
            throw error(.tooDeep, "nesting too deep (more than \(maxDepth) levels)")
        }
    }

    /// Leaves one level of nesting.
    mutating func leave() { depth -= 1 }

    /// After a member or element: consumes `,` (true) or the closing `close` (false).
    mutating func nextOrClose(_ close: UInt8) throws(LayerJSONError) -> Bool {
        if consume(UInt8(ascii: ",")) { return true }
        if consume(close) { return false }
        throw unexpectedCharacter(expecting: close == UInt8(ascii: "}") ? "',' or '}'" : "',' or ']'")
    }

    /// Reads `"key":` and returns the key's bytes.
    mutating func readKey() throws(LayerJSONError) -> ArraySlice<UInt8> {
        guard peek() == UInt8(ascii: "\"") else { throw unexpectedCharacter(expecting: "a key string") }
        let key = try readStringBytes()
        try expect(UInt8(ascii: ":"), "':'")
        return key
    }

    /// Reads `"key":` and looks it up in `table` without slicing the input (a key with escapes
    /// takes the ``readKey()`` path); an unknown key comes back as its bytes.
    mutating func readKey<K: JSONKey>(in table: KeyTable<K>) throws(LayerJSONError) -> KeyLookup<K> {
        guard peek() == UInt8(ascii: "\"") else { throw unexpectedCharacter(expecting: "a key string") }
        let start = pos + 1
        var end = start
        while end < bytes.count {
            let b = bytes[end]
            if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b < 0x20 { break }
            end += 1
        }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else {
            let key = try readKey()
            if let (k, bit) = table.match(key) { return .known(k, bit) }
            return .other(key)
        }
        pos = end + 1
        try expect(UInt8(ascii: ":"), "':'")
        if let (k, bit) = table.match(bytes, start..<end) { return .known(k, bit) }
        return .other(bytes[start..<end])
    }

    // MARK: literals

    /// Reads `true` or `false`.
    mutating func readBool() throws(LayerJSONError) -> Bool {
        if matchLiteral("true") { return true }
        if matchLiteral("false") { return false }
        throw unexpectedCharacter()
    }

    /// Reads `null`.
    mutating func readNull() throws(LayerJSONError) {
        if !matchLiteral("null") { throw unexpectedCharacter() }
    }

    private mutating func matchLiteral(_ word: StaticString) -> Bool {
        _ = peek()
        let n = word.utf8CodeUnitCount
        guard pos + n <= bytes.count else { return false }
        let p = word.utf8Start
        for i in 0..<n where bytes[pos + i] != p[i] { return false }
        pos += n
        return true
    }

    /// Skips one value of any shape without recursion (used for `x-` keys).
    mutating func skipValue() throws(LayerJSONError) {
        var stack: [Bool] = []  // true: object
        while true {
            switch try peekKind() {
            case .object:
                pos += 1
                try enter()
                if consume(UInt8(ascii: "}")) {
                    leave()
                } else {
                    stack.append(true)
                    _ = try readKey()
                    continue
                }
            case .array:
                pos += 1
                try enter()
                if consume(UInt8(ascii: "]")) {
                    leave()
                } else {
                    stack.append(false)
                    continue
                }
            case .string: _ = try readStringBytes()
            case .number: _ = try readNumber()
            case .bool: _ = try readBool()
            case .null: try readNull()
            }
            // A value is complete: close containers until one continues.
            while let isObject = stack.last {
                if try nextOrClose(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    if isObject { _ = try readKey() }
                    break
                }
                stack.removeLast()
                leave()
            }
            if stack.isEmpty { return }
        }
    }
}
