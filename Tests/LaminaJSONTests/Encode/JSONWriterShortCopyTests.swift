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
                    JSONWriter.copyShort(from.baseAddress!, to: to.baseAddress!, count: n)
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
}
