/// The text of a declared value as the cascade keeps it: up to 15 bytes of ASCII in place, read
/// from the element table's bytes without making a `String`; longer or other text as a `String`.
///
/// Most values (`#d62728`, `none`, `0.4`, `url(#clip3)`) are short ASCII, and the cascade parses
/// them from their bytes; their `String` is made only where a caller asks for ``string`` (a
/// verbatim property, a `transform`, a diagnostic), not once per declaration.
package struct CSSText: Sendable {
    private enum Storage {
        /// The bytes in the two words' memory, zero padded; the count in the last byte.
        case inline(UInt64, UInt64)
        case string(String)
    }

    private var storage: Storage

    /// The most bytes kept in place.
    static let inlineCapacity = 15

    /// Text kept as the string it is.
    package init(_ string: String) { storage = .string(string) }

    /// The text of UTF-8 bytes: in place when they are at most ``inlineCapacity`` bytes of ASCII.
    init(bytes b: UnsafeBufferPointer<UInt8>) {
        let n = b.count
        if n <= Self.inlineCapacity {
            var words: (UInt64, UInt64) = (0, 0)
            if let base = b.baseAddress {
                withUnsafeMutableBytes(of: &words) { $0.baseAddress!.copyMemory(from: base, byteCount: n) }
            }
            // ASCII only: no byte has its top bit.
            if (words.0 | words.1) & 0x8080_8080_8080_8080 == 0 {
                storage = .inline(words.0, words.1 | (UInt64(n) << 56).littleEndian)
                return
            }
        }
        storage = .string(String(decoding: b, as: UTF8.self))
    }

    /// ``init(bytes:)`` of `b`, which lies inside `whole`: when `whole` holds 16 bytes from `b`'s
    /// start (nearly always: a value is followed by the rest of the element table's bytes), the
    /// two words are loaded from there with the bytes past the text masked off, instead of a
    /// `memcpy` call into zeroed words.
    @inline(__always) init(bytes b: UnsafeBufferPointer<UInt8>, in whole: UnsafeBufferPointer<UInt8>) {
        let n = b.count
        if n <= Self.inlineCapacity, let p = b.baseAddress, let start = whole.baseAddress, p + 16 <= start + whole.count {
            let raw = UnsafeRawPointer(p)
            // In memory order: the mask keeps the first `n` bytes, as `memcpy` into zeros does.
            let w0 = raw.loadUnaligned(as: UInt64.self) & CSSProperty.lowBytes(n).littleEndian
            let w1 = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self) & CSSProperty.lowBytes(n &- 8).littleEndian
            if (w0 | w1) & 0x8080_8080_8080_8080 == 0 {
                self.init(storage: .inline(w0, w1 | (UInt64(n) << 56).littleEndian))
                return
            }
        }
        self.init(bytes: b)
    }

    @inline(__always) private init(storage: Storage) { self.storage = storage }

    /// Whether the text is kept in place (then it holds no reference).
    @inline(__always) var isInline: Bool {
        if case .inline = storage { return true }
        return false
    }

    /// The text as a `String` (made here for text kept in place).
    package var string: String {
        switch storage {
        case .string(let s): return s
        case .inline(let w0, let w1):
            return withUnsafeBytes(of: (w0, w1)) { raw in
                String(decoding: UnsafeRawBufferPointer(rebasing: raw[0..<Self.count(w1)]), as: UTF8.self)
            }
        }
    }

    /// Calls `body` with the text's UTF-8 bytes, without making a `String` for text kept in place.
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        switch storage {
        case .string(var s):
            return s.withUTF8(body)
        case .inline(let w0, let w1):
            return withUnsafeBytes(of: (w0, w1)) { raw in
                body(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[0..<Self.count(w1)]))
            }
        }
    }

    /// The count of bytes kept in place, from the second word (in its last byte in memory).
    @inline(__always) private static func count(_ w1: UInt64) -> Int { Int(UInt64(littleEndian: w1) >> 56) }

    /// Whether the text holds the byte `c` (not 0): for text kept in place, tested a word at a
    /// time (the builder asks it of every declaration, for `(`).
    func contains(_ c: UInt8) -> Bool {
        switch storage {
        case .string(var s): return s.withUTF8 { $0.contains(c) }
        case .inline(let w0, let w1):
            // The padding is zero and the count byte at most 15: neither is a byte `c` > 15,
            // and a smaller `c` is looked for in the bytes themselves.
            guard c > UInt8(Self.inlineCapacity) else { return withBytes { $0.contains(c) } }
            return Self.hasByte(w0, c) || Self.hasByte(w1, c)
        }
    }

    /// Whether some byte of `w` is `c`: the zero-byte test of `w ^ c…c`, exact as a whole.
    @inline(__always) private static func hasByte(_ w: UInt64, _ c: UInt8) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let v = w ^ (ones &* UInt64(c))
        return (v &- ones) & ~v & (ones << 7) != 0
    }
}
