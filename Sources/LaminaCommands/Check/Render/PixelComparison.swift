import LaminaGeometry

/// The pixel comparison of a golden and an actual SVG, with render_equiv.py's thresholds.
///
/// Both renders are composited on white; a pixel differs when a channel differs by more than
/// `channelTolerance` (8/255); the renders match when at most `maxDifferingFraction` (0.1%) of
/// the pixels differ. Pixels outside the overlap of different-sized renders all differ.
package struct PixelComparison: Sendable, Hashable {
    /// A pixel differs when any channel differs by more than this.
    package static let channelTolerance = 8
    /// The renders match when at most this fraction of pixels differ.
    package static let maxDifferingFraction = 0.001

    /// The compared size (the larger of both renders).
    package var width = 0
    /// The compared size (the larger of both renders).
    package var height = 0
    /// How many pixels differ.
    package var differing = 0
    /// The largest channel difference seen.
    package var maxChannelDifference = 0
    /// Why the comparison could not be made (renderer or PNG failure), if it could not.
    package var error: String?
    /// The diff image written (golden | actual | mask), if any.
    package var diffImagePath: String?

    /// Total pixels compared.
    package var total: Int { width * height }

    /// Whether the renders match within the thresholds.
    package var passed: Bool {
        error == nil && Double(differing) <= Self.maxDifferingFraction * Double(total)
    }

    /// One line for the report, e.g. `12/40000 px differ (0.03%), max channel diff 40: pass`.
    package var summary: String {
        if let error { return "error: \(error)" }
        let percent = NumberText.format((100 * Double(differing) / Double(max(1, total)) * 100).rounded() / 100)
        var s = "\(differing)/\(total) px differ (\(percent)%), max channel diff \(maxChannelDifference): "
        s += passed ? "match" : "mismatch"
        if let diffImagePath { s += "; diff image \(diffImagePath)" }
        return s
    }

    /// Compares two renders and builds the golden | actual | mask diff image.
    static func compare(_ a: RGBAImage, _ b: RGBAImage) -> (PixelComparison, RGBAImage) {
        let w = max(a.width, b.width)
        let h = max(a.height, b.height)
        var result = PixelComparison(width: w, height: h)
        let gap = 4
        var diff = RGBAImage(width: 3 * w + 2 * gap, height: h,
                             pixels: [UInt8](repeating: 255, count: (3 * w + 2 * gap) * h * 4))
        for y in 0..<h {
            for x in 0..<w {
                let pa = onWhite(a, x, y)
                let pb = onWhite(b, x, y)
                var d = 0
                if let pa, let pb {
                    d = max(abs(pa.0 - pb.0), abs(pa.1 - pb.1), abs(pa.2 - pb.2))
                }
                let differs = pa == nil || pb == nil || d > channelTolerance
                result.maxChannelDifference = max(result.maxChannelDifference, d)
                if differs { result.differing += 1 }
                let ca = pa ?? (255, 255, 255)
                let cb = pb ?? (255, 255, 255)
                diff.set(x, y, ca)
                diff.set(w + gap + x, y, cb)
                let faint = (255 - (255 - ca.0) / 4, 255 - (255 - ca.1) / 4, 255 - (255 - ca.2) / 4)
                diff.set(2 * (w + gap) + x, y, differs ? (255, 0, 0) : faint)
            }
            for g in 0..<gap {
                diff.set(w + g, y, (0, 0, 255))
                diff.set(2 * w + gap + g, y, (0, 0, 255))
            }
        }
        return (result, diff)
    }

    /// The pixel at (x, y) composited on white, or `nil` outside the image.
    private static func onWhite(_ image: RGBAImage, _ x: Int, _ y: Int) -> (Int, Int, Int)? {
        guard x < image.width, y < image.height else { return nil }
        let o = (y * image.width + x) * 4
        let p = image.pixels
        let alpha = Int(p[o + 3])
        let c: (Int) -> Int = { (Int(p[o + $0]) * alpha + 255 * (255 - alpha) + 127) / 255 }
        return (c(0), c(1), c(2))
    }
}

extension RGBAImage {
    fileprivate mutating func set(_ x: Int, _ y: Int, _ c: (Int, Int, Int)) {
        let o = (y * width + x) * 4
        pixels[o] = UInt8(clamping: c.0)
        pixels[o + 1] = UInt8(clamping: c.1)
        pixels[o + 2] = UInt8(clamping: c.2)
        pixels[o + 3] = 255
    }
}
