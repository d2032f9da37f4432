/// Strict UTF-8 checking of a whole input before it is tokenized.
enum UTF8Validation {
    /// The offset of the first byte that does not start or continue a well-formed UTF-8 sequence
    /// (overlong forms, surrogates and code points above U+10FFFF are rejected), or nil.
    static func firstInvalidOffset(_ b: [UInt8]) -> Int? {
        b.withUnsafeBufferPointer { firstInvalidOffset(in: $0) }
    }

    private static func firstInvalidOffset(in b: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0
        let n = b.count
        while i < n {
            // ASCII runs eight bytes at a time.
            if let base = b.baseAddress {
                while i + 8 <= n,
                    UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
                {
                    i += 8
                }
                if i >= n { break }
            }
            let c = b[i]
            if c < 0x80 {
                i += 1
                continue
            }
            var need = 0
            var lo: UInt8 = 0x80, hi: UInt8 = 0xBF
            switch c {
            case 0xC2...0xDF: need = 1
            case 0xE0: need = 2; lo = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: need = 2
            case 0xED: need = 2; hi = 0x9F
            case 0xF0: need = 3; lo = 0x90
            case 0xF1...0xF3: need = 3
            case 0xF4: need = 3; hi = 0x8F
            default: return i
            }
            guard i + need < n else { return i }
            let second = b[i + 1]
            if second < lo || second > hi { return i }
            var k = 2
            while k <= need {
                if b[i + k] & 0xC0 != 0x80 { return i }
                k += 1
            }
            i += need + 1
        }
        return nil
    }
}
