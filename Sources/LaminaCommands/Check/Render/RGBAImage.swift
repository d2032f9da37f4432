/// An 8-bit RGBA raster read from or written to PNG, for `--render` pixel comparisons.
struct RGBAImage: Sendable, Hashable {
    var width: Int
    var height: Int
    /// Row-major RGBA bytes, `width * height * 4` of them.
    var pixels: [UInt8]

    /// Decodes a non-interlaced PNG of bit depth 8 or 16 (gray, RGB, palette, gray-alpha,
    /// RGBA), or returns why it cannot.
    static func decodePNG(_ data: [UInt8]) -> Result<RGBAImage, PNGError> {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard data.count > 8, Array(data[0..<8]) == signature else { return .failure(.init("not a PNG file")) }
        var i = 8
        var width = 0, height = 0, depth = 0, colorType = 0
        var palette: [UInt8] = []
        var paletteAlpha: [UInt8] = []
        var idat: [UInt8] = []
        while i + 8 <= data.count {
            let length = Int(be32(data, i))
            let type = String(decoding: data[(i + 4)..<(i + 8)], as: UTF8.self)
            let body = i + 8
            guard length >= 0, body + length + 4 <= data.count else { return .failure(.init("truncated chunk \(type)")) }
            switch type {
            case "IHDR":
                guard length >= 13 else { return .failure(.init("bad IHDR")) }
                width = Int(be32(data, body))
                height = Int(be32(data, body + 4))
                depth = Int(data[body + 8])
                colorType = Int(data[body + 9])
                guard data[body + 12] == 0 else { return .failure(.init("interlaced PNG is not supported")) }
            case "PLTE": palette = Array(data[body..<(body + length)])
            case "tRNS": paletteAlpha = Array(data[body..<(body + length)])
            case "IDAT": idat += data[body..<(body + length)]
            default: break
            }
            i = body + length + 4
            if type == "IEND" { break }
        }
        let channels: Int
        switch colorType {
        case 0: channels = 1
        case 2: channels = 3
        case 3: channels = 1
        case 4: channels = 2
        case 6: channels = 4
        default: return .failure(.init("unknown color type \(colorType)"))
        }
        guard depth == 8 || (depth == 16 && colorType != 3) else {
            return .failure(.init("bit depth \(depth) is not supported"))
        }
        guard width > 0, height > 0, width <= 1 << 15, height <= 1 << 15 else {
            return .failure(.init("bad size \(width)x\(height)"))
        }
        guard let raw = Inflate.zlib(idat) else { return .failure(.init("corrupt image data")) }
        let bpp = channels * depth / 8
        let stride = width * bpp
        guard raw.count >= height * (stride + 1) else { return .failure(.init("image data too short")) }
        var rows = [UInt8](repeating: 0, count: height * stride)
        for y in 0..<height {
            let filter = raw[y * (stride + 1)]
            let src = y * (stride + 1) + 1
            let dst = y * stride
            for x in 0..<stride {
                let a = x >= bpp ? Int(rows[dst + x - bpp]) : 0
                let b = y > 0 ? Int(rows[dst - stride + x]) : 0
                let c = (x >= bpp && y > 0) ? Int(rows[dst - stride + x - bpp]) : 0
                let v = Int(raw[src + x])
                let predicted: Int
                switch filter {
                case 0: predicted = 0
                case 1: predicted = a
                case 2: predicted = b
                case 3: predicted = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predicted = (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c)
                default: return .failure(.init("bad filter type \(filter)"))
                }
                rows[dst + x] = UInt8(truncatingIfNeeded: v + predicted)
            }
        }
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        let step = depth / 8
        for p in 0..<(width * height) {
            let s = p * bpp
            let sample: (Int) -> UInt8 = { k in rows[s + k * step] }
            let o = p * 4
            switch colorType {
            case 0: pixels[o] = sample(0); pixels[o + 1] = sample(0); pixels[o + 2] = sample(0)
            case 2: pixels[o] = sample(0); pixels[o + 1] = sample(1); pixels[o + 2] = sample(2)
            case 3:
                let index = Int(rows[s])
                guard index * 3 + 2 < palette.count else { return .failure(.init("palette index out of range")) }
                pixels[o] = palette[index * 3]
                pixels[o + 1] = palette[index * 3 + 1]
                pixels[o + 2] = palette[index * 3 + 2]
                pixels[o + 3] = index < paletteAlpha.count ? paletteAlpha[index] : 255
            case 4:
                pixels[o] = sample(0); pixels[o + 1] = sample(0); pixels[o + 2] = sample(0); pixels[o + 3] = sample(1)
            default:
                pixels[o] = sample(0); pixels[o + 1] = sample(1); pixels[o + 2] = sample(2); pixels[o + 3] = sample(3)
            }
        }
        return .success(RGBAImage(width: width, height: height, pixels: pixels))
    }

    private static func be32(_ d: [UInt8], _ i: Int) -> UInt32 {
        UInt32(d[i]) << 24 | UInt32(d[i + 1]) << 16 | UInt32(d[i + 2]) << 8 | UInt32(d[i + 3])
    }
}

/// Why a PNG could not be read.
struct PNGError: Error, Sendable, Hashable {
    var message: String
    init(_ message: String) { self.message = message }
}
