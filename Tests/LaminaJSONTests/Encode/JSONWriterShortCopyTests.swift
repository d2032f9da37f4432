import LaminaCore
import Testing

@testable import LaminaJSON

/// Keys, literal values and indentation are stored as whole words (no `memcpy` or `memset`
/// call): every byte they should write is written, and nothing past them is left in the output.
@Suite struct JSONWriterShortCopyTests {
    /// Every length a key or a literal value can have: exactly its bytes, none after them.
    @Test func shortCopiesWriteExactlyTheirBytes() {
        let source = (0..<80).map { UInt8(0x21 + $0) }
        for n in 0...64 {
            var target = [UInt8](repeating: 0xEE, count: 80)
            source.withUnsafeBufferPointer { from in
                target.withUnsafeMutableBufferPointer { to in
                    ShortCopy.copy(from.baseAddress!, to: to.baseAddress!, count: n)
                }
            }
            #expect(Array(target[..<n]) == Array(source[..<n]), "\(n)")
            #expect(target[n...].allSatisfy { $0 == 0xEE }, "\(n)")
        }
    }

    static let keys: [StaticString] = ["a", "ab", "abc", "abcd", "abcde", "abcdefg", "abcdefgh",
                                       "abcdefghi", "abcdefghijklmnop", "abcdefghijklmnopq"]

    /// Objects nested past the indentation limit, with keys and literal values of every
    /// length class: each line is its indent (2 spaces a level, at most ``JSONWriter/maxIndentLevel``
    /// levels) and its text, with no stray byte.
    @Test(arguments: [4096, 1 << 20])
    func nestedEntriesAreIndentedExactly(chunkSize: Int) {
        let depth = JSONWriter.maxIndentLevel + 7
        var bytes: [UInt8] = []
        do {
            var w = JSONWriter(chunkSize: chunkSize) { bytes.append(contentsOf: $0) }
            w.openObject()
            for level in 0..<depth {
                w.key(Self.keys[level % Self.keys.count])
                w.openObject()
            }
            for (i, k) in Self.keys.enumerated() {
                w.string(Self.keys[(i + 3) % Self.keys.count], key: k)
            }
            w.number(1.5, key: "n")
            for _ in 0...depth { w.close() }
            w.finish()
        }
        func indent(_ level: Int) -> String { String(repeating: " ", count: 2 * min(level, JSONWriter.maxIndentLevel)) }
        var lines = ["{"]
        for level in 0..<depth {
            lines.append(indent(level + 1) + "\"\(Self.keys[level % Self.keys.count])\": {")
        }
        var entries: [String] = []
        for (i, k) in Self.keys.enumerated() {
            entries.append(indent(depth + 1) + "\"\(k)\": \"\(Self.keys[(i + 3) % Self.keys.count])\"")
        }
        entries.append(indent(depth + 1) + "\"n\": 1.5")
        lines.append(entries.joined(separator: ",\n"))
        for level in stride(from: depth, through: 0, by: -1) { lines.append(indent(level) + "}") }
        #expect(String(decoding: bytes, as: UTF8.self) == lines.joined(separator: "\n") + "\n")
    }

    /// The reference text of a JSON string literal, one byte at a time.
    static func quoted(_ bytes: [UInt8]) -> String {
        var text = "\""
        for b in bytes {
            switch b {
            case 0x22: text += "\\\""
            case 0x5C: text += "\\\\"
            case 0x0A: text += "\\n"
            case 0x0D: text += "\\r"
            case 0x09: text += "\\t"
            case 0x08: text += "\\b"
            case 0x0C: text += "\\f"
            case ..<0x20: text += "\\u00" + (b < 0x10 ? "0" : "") + String(b, radix: 16)
            default: text += String(decoding: [b], as: UTF8.self)
            }
        }
        return text + "\""
    }

    /// Short strings, checked and copied as words (``JSONWriter/copyChecked(_:to:count:)``):
    /// at every length up to 40, one byte of every kind (to escape, or kept: space, `A`, 0x7F)
    /// at every position among letters gives the byte-by-byte text, and a string with nothing
    /// to escape is copied whole with nothing written past it.
    @Test func shortStringsCheckEveryByte() {
        let specials: [UInt8] = [0x00, 0x01, 0x09, 0x0A, 0x1F, 0x22, 0x5C, 0x20, 0x41, 0x7F]
        for length in 0...40 {
            let plain = (0..<length).map { UInt8(0x61 + $0 % 26) }
            var target = [UInt8](repeating: 0xEE, count: 48)
            // One byte past the count (never empty): a `"`, refused if it were read as the string's.
            let source = plain + [0x22]
            let copied = source.withUnsafeBufferPointer { from in
                target.withUnsafeMutableBufferPointer { to in
                    JSONWriter.copyChecked(from.baseAddress!, to: to.baseAddress!, count: length)
                }
            }
            #expect(copied && Array(target[..<length]) == plain, "\(length)")
            #expect(target[length...].allSatisfy { $0 == 0xEE }, "\(length)")
            for position in 0..<length {
                for special in specials {
                    var bytes = plain
                    bytes[position] = special
                    var out: [UInt8] = []
                    do {
                        var w = JSONWriter(chunkSize: 4096) { out.append(contentsOf: $0) }
                        w.string(String(decoding: bytes, as: UTF8.self))
                        w.flush()
                    }
                    #expect(String(decoding: out, as: UTF8.self) == Self.quoted(bytes), "\(length) \(position) \(special)")
                }
            }
        }
    }
}
