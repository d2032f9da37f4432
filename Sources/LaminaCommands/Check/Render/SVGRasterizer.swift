#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif
import LaminaGeometry

/// An external SVG renderer (`resvg` or `rsvg-convert`) used by `lamina check --render`.
///
/// PNGs are decoded in-process by `RGBAImage` (with our own inflate), so neither zlib nor
/// Python is needed; the only dependency is the renderer binary.
package struct SVGRasterizer: Sendable, Hashable {
    /// Which command-line interface the binary speaks.
    package enum Flavor: Sendable, Hashable { case resvg, rsvgConvert }

    /// The renderer binary.
    package var executable: URL
    /// Its command-line interface.
    package var flavor: Flavor

    /// How long one render may take (seconds) before the renderer is stopped and the comparison
    /// reports an error: a renderer stuck on a drawing hung the whole check.
    package var timeout: Double = 120

    /// Renders smaller than this (longer side, px) are scaled up, as render_equiv.py does.
    static let minimumSize = 128
    /// Drawings larger than this (longer side, px) are rendered scaled down to it: a 12000 px
    /// square took 47 s and 2.9 GB to compare at its own size, and a larger one exhausted memory.
    static let maximumSize = 4096

    /// Finds a renderer: `override`, else `resvg` on PATH, else `$LAMINA_EVAL_VENV/bin/resvg`
    /// (default `~/.cache/lamina-eval/bin/resvg`), else `rsvg-convert` on PATH.
    package static func locate(override: URL?, environment: [String: String]) -> SVGRasterizer? {
        let fm = FileManager.default
        if let override {
            guard fm.isExecutableFile(atPath: override.path) else { return nil }
            let flavor: Flavor = override.lastPathComponent.contains("rsvg") ? .rsvgConvert : .resvg
            return SVGRasterizer(executable: override, flavor: flavor)
        }
        let path = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        func onPath(_ name: String) -> URL? {
            for dir in path where !dir.isEmpty {
                let candidate = URL(fileURLWithPath: dir).appendingPathComponent(name)
                if fm.isExecutableFile(atPath: candidate.path) { return candidate }
            }
            return nil
        }
        if let r = onPath("resvg") { return SVGRasterizer(executable: r, flavor: .resvg) }
        let venv = environment["LAMINA_EVAL_VENV"].map { URL(fileURLWithPath: $0) }
            ?? environment["HOME"].map { URL(fileURLWithPath: $0).appendingPathComponent(".cache/lamina-eval") }
        if let bin = venv?.appendingPathComponent("bin/resvg"), fm.isExecutableFile(atPath: bin.path) {
            return SVGRasterizer(executable: bin, flavor: .resvg)
        }
        if let r = onPath("rsvg-convert") { return SVGRasterizer(executable: r, flavor: .rsvgConvert) }
        return nil
    }

    /// Renders `golden` and `actual` at the same size and compares them; on a mismatch writes the
    /// golden | actual | mask image to `diffImage`.
    func compare(golden: URL, actual: URL, diffImage: URL) -> PixelComparison {
        // Two scratch images beside each other in the temporary folder, registered for the
        // signal handler (CLaminaCleanup) so that Ctrl-C during a render leaves neither.
        let stem = FileManager.default.temporaryDirectory
            .appendingPathComponent("lamina-check-\(getpid())-\(UInt64.random(in: 0...UInt64.max))").path
        guard let goldenScratch = ScratchFile(path: stem + "-golden.png"),
              let actualScratch = ScratchFile(path: stem + "-actual.png") else {
            return PixelComparison(error: "cannot create a scratch file in \(FileManager.default.temporaryDirectory.path)")
        }
        defer {
            goldenScratch.remove()
            actualScratch.remove()
        }
        let goldenPNG = URL(fileURLWithPath: goldenScratch.path)
        let actualPNG = URL(fileURLWithPath: actualScratch.path)
        var goldenImage: RGBAImage
        switch render(golden, goldenPNG, size: Self.cappedSize(declaredBy: golden)) {
        case .failure(let e): return PixelComparison(error: "golden: " + e.message)
        case .success(let image): goldenImage = image
        }
        var size = (goldenImage.width, goldenImage.height)
        let longer = max(size.0, size.1)
        if longer < Self.minimumSize {
            let scale = Double(Self.minimumSize) / Double(longer)
            size = (max(1, Int((Double(size.0) * scale).rounded())), max(1, Int((Double(size.1) * scale).rounded())))
            switch render(golden, goldenPNG, size: size) {
            case .failure(let e): return PixelComparison(error: "golden: " + e.message)
            case .success(let image): goldenImage = image
            }
        }
        let actualImage: RGBAImage
        switch render(actual, actualPNG, size: size) {
        case .failure(let e): return PixelComparison(error: "actual: " + e.message)
        case .success(let image): actualImage = image
        }
        var (result, diff) = PixelComparison.compare(goldenImage, actualImage)
        if !result.passed {
            if (try? CheckFiles.writeAtomically(diff.encodePNG(), to: diffImage)) != nil {
                result.diffImagePath = diffImage.relativePath
            }
        } else {
            CheckFiles.removeIfPresent(diffImage)
        }
        return result
    }

    /// Runs the renderer on `svg` into `png` (at `size` when given) and decodes the result.
    private func render(_ svg: URL, _ png: URL, size: (Int, Int)?) -> Result<RGBAImage, PNGError> {
        var arguments: [String]
        switch flavor {
        case .resvg:
            arguments = ["--skip-system-fonts"]
            if let size { arguments += ["-w", "\(size.0)", "-h", "\(size.1)"] }
            arguments += [svg.path, png.path]
        case .rsvgConvert:
            arguments = ["-f", "png"]
            if let size { arguments += ["-w", "\(size.0)", "-h", "\(size.1)"] }
            arguments += ["-o", png.path, svg.path]
        }
        guard let outcome = Subprocess.run(executable.path, arguments, timeout: timeout) else {
            return .failure(PNGError("cannot run \(executable.path)"))
        }
        if outcome.timedOut {
            return .failure(PNGError("\(executable.lastPathComponent) did not finish within \(NumberText.format(timeout)) s and was stopped"))
        }
        guard outcome.status == 0 else {
            let text = String(decoding: outcome.standardError, as: UTF8.self).trimmingWhitespace(newlines: true)
            return .failure(PNGError("\(executable.lastPathComponent) exited with \(outcome.status): \(text.prefix(300))"))
        }
        guard let bytes = CheckFiles.read(png) else { return .failure(PNGError("renderer wrote no image")) }
        return RGBAImage.decodePNG(bytes)
    }

    /// The render size for an SVG whose root declares a size beyond ``maximumSize``: scaled down
    /// to it, keeping the aspect ratio; nil (the drawing's own size) otherwise.
    static func cappedSize(declaredBy svg: URL) -> (Int, Int)? {
        guard let (w, h) = declaredSize(svg), w > 0, h > 0, max(w, h) > Double(maximumSize) else { return nil }
        let scale = Double(maximumSize) / max(w, h)
        return (max(1, Int((w * scale).rounded())), max(1, Int((h * scale).rounded())))
    }

    /// The `width` and `height` of the root `svg` element, in px, read from the file's first
    /// 4 KB (the written SVGs have plain numbers there); nil when absent or in other units.
    static func declaredSize(_ svg: URL) -> (Double, Double)? {
        let fd = open(svg.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: 4096)
        let n = head.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return nil }
        let bytes = head[..<n]
        // The root's start tag: from `<svg` to the next `>`.
        let open = Array("<svg".utf8)
        guard let start = bytes.indices.first(where: { bytes[$0...].starts(with: open) }),
            let end = bytes[start...].firstIndex(of: UInt8(ascii: ">"))
        else { return nil }
        let tag = bytes[start..<end]
        func number(_ name: String) -> Double? {
            let key = Array(" \(name)=\"".utf8)
            guard let at = tag.indices.first(where: { tag[$0...].starts(with: key) }) else { return nil }
            let value = tag[(at + key.count)...].prefix { $0 != UInt8(ascii: "\"") }
            return Double(String(decoding: value, as: UTF8.self)).flatMap { $0.isFinite ? $0 : nil }
        }
        guard let w = number("width"), let h = number("height") else { return nil }
        return (w, h)
    }
}
