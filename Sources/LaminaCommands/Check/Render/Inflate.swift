/// A small DEFLATE (RFC 1951) and zlib (RFC 1950) decoder, so `--render` can read PNGs without
/// linking zlib. Malformed input returns `nil`; it never traps.
enum Inflate {
    /// Decodes a zlib stream (2-byte header, DEFLATE data, Adler-32 not verified).
    static func zlib(_ data: [UInt8]) -> [UInt8]? {
        guard data.count >= 2, data[0] & 0x0F == 8, (UInt16(data[0]) << 8 | UInt16(data[1])) % 31 == 0,
              data[1] & 0x20 == 0 else { return nil }
        return deflate(data, from: 2)
    }

    /// Decodes raw DEFLATE data starting at byte `start`.
    static func deflate(_ data: [UInt8], from start: Int) -> [UInt8]? {
        var bits = BitReader(data: data, position: start)
        var out: [UInt8] = []
        out.reserveCapacity(data.count * 4)
        while true {
            guard let final = bits.read(1), let type = bits.read(2) else { return nil }
            switch type {
            case 0:
                guard bits.stored(into: &out) else { return nil }
            case 1:
                guard inflateBlock(&bits, &out, Huffman.fixedLength, Huffman.fixedDistance) else { return nil }
            case 2:
                guard let (lit, dist) = dynamicTables(&bits), inflateBlock(&bits, &out, lit, dist) else { return nil }
            default:
                return nil
            }
            if final == 1 { return out }
        }
    }

    private static let lengthBase: [Int] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                                            35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtra: [Int] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
                                             3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distBase: [Int] = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
                                          257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
                                          8193, 12289, 16385, 24577]
    private static let distExtra: [Int] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
                                           7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    private static func inflateBlock(_ bits: inout BitReader, _ out: inout [UInt8],
                                     _ lit: Huffman, _ dist: Huffman) -> Bool {
        while true {
            guard let symbol = lit.decode(&bits) else { return false }
            if symbol < 256 {
                out.append(UInt8(symbol))
            } else if symbol == 256 {
                return true
            } else {
                let li = symbol - 257
                guard li < lengthBase.count, let le = bits.read(lengthExtra[li]) else { return false }
                let length = lengthBase[li] + le
                guard let ds = dist.decode(&bits), ds < distBase.count, let de = bits.read(distExtra[ds]) else {
                    return false
                }
                let distance = distBase[ds] + de
                guard distance <= out.count else { return false }
                var from = out.count - distance
                for _ in 0..<length {
                    out.append(out[from])
                    from += 1
                }
            }
        }
    }

    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    private static func dynamicTables(_ bits: inout BitReader) -> (Huffman, Huffman)? {
        guard let hlit = bits.read(5), let hdist = bits.read(5), let hclen = bits.read(4) else { return nil }
        let nlen = hlit + 257
        let ndist = hdist + 1
        guard nlen <= 286, ndist <= 30 else { return nil }
        var lengths = [Int](repeating: 0, count: 19)
        for k in 0..<(hclen + 4) {
            guard let v = bits.read(3) else { return nil }
            lengths[codeLengthOrder[k]] = v
        }
        guard let codeLengths = Huffman(lengths: lengths) else { return nil }
        var all: [Int] = []
        all.reserveCapacity(nlen + ndist)
        while all.count < nlen + ndist {
            guard let sym = codeLengths.decode(&bits) else { return nil }
            switch sym {
            case 0..<16:
                all.append(sym)
            case 16:
                guard let last = all.last, let r = bits.read(2) else { return nil }
                all += [Int](repeating: last, count: 3 + r)
            case 17:
                guard let r = bits.read(3) else { return nil }
                all += [Int](repeating: 0, count: 3 + r)
            default:
                guard let r = bits.read(7) else { return nil }
                all += [Int](repeating: 0, count: 11 + r)
            }
        }
        guard all.count == nlen + ndist, all[256] != 0,
              let lit = Huffman(lengths: Array(all[0..<nlen])),
              let dist = Huffman(lengths: Array(all[nlen...])) else { return nil }
        return (lit, dist)
    }
}

/// Reads DEFLATE's least-significant-bit-first bit stream.
private struct BitReader {
    let data: [UInt8]
    var position: Int
    var buffer: UInt64 = 0
    var count = 0

    init(data: [UInt8], position: Int) {
        self.data = data
        self.position = position
    }

    /// The next `n` (≤ 24) bits as a number, or `nil` at the end of the data.
    mutating func read(_ n: Int) -> Int? {
        while count < n {
            guard position < data.count else { return nil }
            buffer |= UInt64(data[position]) << UInt64(count)
            position += 1
            count += 8
        }
        let v = Int(buffer & ((1 << UInt64(n)) - 1))
        buffer >>= UInt64(n)
        count -= n
        return v
    }

    /// Copies a stored block (after its 3 header bits) to `out`.
    mutating func stored(into out: inout [UInt8]) -> Bool {
        buffer = 0
        count = 0
        guard position + 4 <= data.count else { return false }
        let len = Int(data[position]) | Int(data[position + 1]) << 8
        let nlen = Int(data[position + 2]) | Int(data[position + 3]) << 8
        guard len == ~nlen & 0xFFFF, position + 4 + len <= data.count else { return false }
        out.append(contentsOf: data[(position + 4)..<(position + 4 + len)])
        position += 4 + len
        return true
    }
}

/// A canonical Huffman code, decoded one bit at a time (as zlib's `puff` does).
private struct Huffman {
    var counts = [Int](repeating: 0, count: 16)
    var symbols: [Int] = []

    init?(lengths: [Int]) {
        for l in lengths {
            guard l >= 0, l < 16 else { return nil }
            counts[l] += 1
        }
        var left = 1
        for len in 1..<16 {
            left <<= 1
            left -= counts[len]
            guard left >= 0 else { return nil }
        }
        var offsets = [Int](repeating: 0, count: 16)
        for len in 1..<15 { offsets[len + 1] = offsets[len] + counts[len] }
        symbols = [Int](repeating: 0, count: lengths.count)
        for (symbol, l) in lengths.enumerated() where l != 0 {
            symbols[offsets[l]] = symbol
            offsets[l] += 1
        }
    }

    func decode(_ bits: inout BitReader) -> Int? {
        var code = 0, first = 0, index = 0
        for len in 1..<16 {
            guard let b = bits.read(1) else { return nil }
            code |= b
            let count = counts[len]
            if code - count < first { return symbols[index + (code - first)] }
            index += count
            first += count
            first <<= 1
            code <<= 1
        }
        return nil
    }

    static let fixedLength: Huffman = {
        var l = [Int](repeating: 8, count: 288)
        for i in 144..<256 { l[i] = 9 }
        for i in 256..<280 { l[i] = 7 }
        return Huffman(lengths: l) ?? Huffman(empty: ())
    }()

    static let fixedDistance: Huffman = Huffman(lengths: [Int](repeating: 5, count: 30)) ?? Huffman(empty: ())

    private init(empty: ()) {}
}
