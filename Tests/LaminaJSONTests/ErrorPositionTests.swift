import LaminaCore
import LaminaJSON
import Testing

/// Where a rejection points: at the offending text, however the document is spaced.
@Suite struct ErrorPositionTests {
    /// `json` with a line break and indentation after every `{`, `[`, `:` and `,` outside
    /// strings, as a pretty-printer writes it (with CRLF and tabs mixed in).
    static func spacedOut(_ json: String) -> String {
        var out: [UInt8] = []
        var inString = false, escaped = false
        for b in json.utf8 {
            out.append(b)
            if inString {
                if escaped {
                    escaped = false
                } else if b == UInt8(ascii: "\\") {
                    escaped = true
                } else if b == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            if b == UInt8(ascii: "\"") { inString = true }
            if b == UInt8(ascii: "{") || b == UInt8(ascii: "[") || b == UInt8(ascii: ":") || b == UInt8(ascii: ",") {
                out += Array(" \r\n\t  ".utf8)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The byte offset of a 1-based line and byte column.
    static func offset(line: Int, column: Int, in bytes: [UInt8]) -> Int {
        var start = 0
        for _ in 1..<line { start = (bytes[start...].firstIndex(of: 0x0A) ?? bytes.count - 1) + 1 }
        return start + column - 1
    }

    /// Every rejected document fails the same way when spaced out, and its error points at a
    /// token, never at the whitespace before it (`"opacity":   1.5` pointed at the spaces).
    @Test(arguments: LayerDecoderTests.bad)
    func errorsPointAtTheOffendingTokenNotTheSpaceBeforeIt(_ c: BadDocument) throws {
        let spaced = Self.spacedOut(c.json)
        let e = try #require(decodeError(spaced))
        #expect(e.kind == c.kind)
        #expect(e.path == c.path)
        #expect(e.message == c.message)
        let bytes = Array(spaced.utf8)
        let at = Self.offset(line: e.line, column: e.column, in: bytes)
        // The end of the input, or a line feed in a string, which is itself the offense.
        guard at < bytes.count, !c.message.hasPrefix("control character") else { return }
        #expect(![0x20, 0x0A, 0x0D, 0x09].contains(bytes[at]), "\(e) points at whitespace")
    }

    @Test func anOutOfRangeOpacityIsReportedAtTheNumber() throws {
        let e = try #require(decodeError(doc(#"{"content": {"kind": "rect", "fillOpacity":   -0.5}}"#)))
        #expect(e.description == "t.json:1:97: error: root.content.fillOpacity: expected a number from 0 to 1")
    }
}
