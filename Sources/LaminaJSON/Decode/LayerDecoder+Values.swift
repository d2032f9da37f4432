import LaminaCore

/// Typed value readers shared by every part of the decoder.
extension LayerDecoder {
    /// A type error at the current value: `expected <what>`.
    mutating func typeError(_ what: String) -> LayerJSONError {
        _ = reader.peek()
        return reader.error(.typeMismatch, "expected \(what)")
    }

    /// An invalid-value error at byte `offset`.
    mutating func invalid(_ message: String, at offset: Int) -> LayerJSONError {
        reader.error(.invalidValue, message, at: offset)
    }

    /// Reads an object of known keys; `body` reads the value of each key (the path already names it).
    ///
    /// Duplicate keys are errors, `x-` keys are skipped, other unknown keys are errors.
    /// Returns the offset of the opening brace and the bits of the known keys seen.
    @discardableResult
    mutating func readObject<K: JSONKey>(
        _ table: KeyTable<K>, _ what: String, _ body: (inout LayerDecoder, K) throws(LayerJSONError) -> Void
    ) throws(LayerJSONError) -> (start: Int, keys: UInt64) {
        guard try reader.peekKind() == .object else { throw typeError(what) }
        let start = reader.pos
        reader.pos += 1
        try reader.enter()
        var seen = SeenKeys()
        if !reader.consume(UInt8(ascii: "}")) {
            repeat {
                _ = reader.peek()
                let keyStart = reader.pos
                let k: K, bit: UInt64
                switch try reader.readKey(in: table) {
                case .known(let key, let b): (k, bit) = (key, b)
                case .other(let key):
                    try otherKey(key, &seen, at: keyStart)
                    continue
                }
                if seen.contains(bit) { throw duplicate(Array(k.rawValue.utf8)[...], at: keyStart) }
                seen.bits |= bit
                reader.path.append(.key(k.rawValue))
                try body(&self, k)
                reader.path.removeLast()
            } while try reader.nextOrClose(UInt8(ascii: "}"))
        }
        reader.leave()
        return (start, seen.bits)
    }

    /// A key not in the table: an `x-` key is skipped (once), anything else is an error.
    mutating func otherKey(_ key: ArraySlice<UInt8>, _ seen: inout SeenKeys, at offset: Int) throws(LayerJSONError) {
        guard isExtensionKey(key) else {
            throw reader.error(.unknownKey, "unknown key '\(String(decoding: key, as: UTF8.self))'", at: offset)
        }
        if seen.extensions.contains(where: { $0.elementsEqual(key) }) { throw duplicate(key, at: offset) }
        seen.extensions.append(key)
        try reader.skipValue()
    }

    /// A duplicate-key error.
    mutating func duplicate(_ key: ArraySlice<UInt8>, at offset: Int) -> LayerJSONError {
        reader.error(.duplicateKey, "duplicate key '\(String(decoding: key, as: UTF8.self))'", at: offset)
    }

    /// A missing-key error at the object starting at `offset`.
    mutating func missing(_ key: String, at offset: Int) -> LayerJSONError {
        reader.error(.missingKey, "missing key '\(key)'", at: offset)
    }

    /// Reads a number.
    mutating func number() throws(LayerJSONError) -> Double {
        guard try reader.peekKind() == .number else { throw typeError("a number") }
        return try reader.readNumber()
    }

    /// Reads a number in 0…1.
    mutating func unitNumber() throws(LayerJSONError) -> Double {
        _ = reader.peek()  // the error points at the number, not at the space before it
        let start = reader.pos
        let v = try number()
        guard v >= 0 && v <= 1 else { throw invalid("expected a number from 0 to 1", at: start) }
        return v
    }

    /// Reads a string.
    mutating func string() throws(LayerJSONError) -> String {
        guard try reader.peekKind() == .string else { throw typeError("a string") }
        return try reader.readString()
    }

    /// Reads a CSS color string (``ParsedColor/parse(_:)``: the forms SVG and CSS draw; `none`
    /// too when `orNone`). A string no renderer reads as a color is an error: written into the
    /// SVG, it would be dropped there and the paint would fall back to black.
    mutating func color(orNone: Bool = false) throws(LayerJSONError) -> String {
        _ = reader.peek()
        let start = reader.pos
        let s = try string()
        guard (orNone && s == "none") || ParsedColor.parse(s[...]) != nil else {
            throw invalid("invalid color '\(s)'\(orNone ? " (expected a CSS color or 'none')" : " (expected a CSS color)")", at: start)
        }
        return s
    }

    /// Reads a boolean.
    mutating func bool() throws(LayerJSONError) -> Bool {
        guard try reader.peekKind() == .bool else { throw typeError("a boolean") }
        return try reader.readBool()
    }

    /// Reads a string that must be one of `allowed`.
    mutating func choice(_ allowed: [String]) throws(LayerJSONError) -> String {
        _ = reader.peek()
        let start = reader.pos
        let s = try string()
        guard allowed.contains(s) else {
            throw invalid("invalid value '\(s)' (expected \(allowed.map { "'\($0)'" }.joined(separator: ", ")))", at: start)
        }
        return s
    }

    /// Reads an array of any number of numbers.
    mutating func numberList(_ what: @autoclosure () -> String = "an array of numbers") throws(LayerJSONError) -> [Double] {
        var out: [Double] = []
        try readNumbers(into: &out, what())
        return out
    }

    /// Reads an array of exactly `count` numbers into `scratch`.
    mutating func fixedNumbers(_ count: Int) throws(LayerJSONError) {
        _ = reader.peek()
        let start = reader.pos
        var buf = scratch
        scratch = []  // `buf` is now the only reference: no copy when it is cleared and filled
        buf.removeAll(keepingCapacity: true)
        try readNumbers(into: &buf, "an array of \(count) numbers")
        scratch = buf
        guard buf.count == count else { throw invalid("expected \(count) numbers, found \(buf.count)", at: start) }
    }

    /// Reads an array of numbers, appending to `out`.
    mutating func readNumbers(into out: inout [Double], _ what: @autoclosure () -> String) throws(LayerJSONError) {
        guard try reader.peekKind() == .array else { throw typeError(what()) }
        reader.pos += 1
        try reader.enter()
        if !reader.consume(UInt8(ascii: "]")) {
            repeat {
                reader.path.append(.index(out.count))
                out.append(try number())
                reader.path.removeLast()
            } while try reader.nextOrClose(UInt8(ascii: "]"))
        }
        reader.leave()
    }

    /// Reads an array of elements, calling `element` for each with its index in the path.
    mutating func readArray(
        _ what: String, _ element: (inout LayerDecoder, Int) throws(LayerJSONError) -> Void
    ) throws(LayerJSONError) {
        guard try reader.peekKind() == .array else { throw typeError(what) }
        reader.pos += 1
        try reader.enter()
        var i = 0
        if !reader.consume(UInt8(ascii: "]")) {
            repeat {
                reader.path.append(.index(i))
                try element(&self, i)
                reader.path.removeLast()
                i += 1
            } while try reader.nextOrClose(UInt8(ascii: "]"))
        }
        reader.leave()
    }

    /// Reads the `extra` list: `[[name, value], …]`.
    mutating func styleProperties() throws(LayerJSONError) -> [StyleProperty] {
        var out: [StyleProperty] = []
        try readArray("an array of [name, value] pairs") { d, _ throws(LayerJSONError) in
            _ = d.reader.peek()
            let start = d.reader.pos
            var pair: [String] = []
            try d.readArray("a [name, value] pair") { d, _ throws(LayerJSONError) in pair.append(try d.string()) }
            guard pair.count == 2 else { throw d.invalid("expected a [name, value] pair of 2 strings", at: start) }
            // The name is written as an attribute name: it must be one.
            guard MarkupSafety.isAttributeName(pair[0]) else {
                throw d.invalid("'\(pair[0].prefix(80))' is not an attribute name", at: start)
            }
            out.append(StyleProperty(pair[0], pair[1]))
        }
        return out
    }
}
