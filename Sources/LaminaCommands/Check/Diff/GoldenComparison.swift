/// Compares a golden with regenerated output: exact bytes first, then a structural diff.
enum GoldenComparison {
    /// The differences between `golden` and `actual` of `kind`; empty when the bytes are equal.
    ///
    /// JSON is diffed by layer path and key, SVG by drawable and attribute. Output that does not
    /// parse, or that differs only in layout (whitespace, key order), gets the first differing line.
    /// `layers` gives the layers of the SVG output's drawables, asked for only when both SVG
    /// documents parse (``DrawableLayers``; nil: drawables are named without them).
    static func compare(
        kind: GoldenKind, golden: [UInt8], actual: [UInt8], tolerance: Double,
        layers: () -> DrawableLayers? = { nil }
    ) -> StructuralDiff {
        if CheckFiles.sameBytes(golden, actual) { return StructuralDiff() }
        if differOnlyInLineEndings(golden, actual) {
            var result = StructuralDiff()
            result.add(CheckDifference(
                location: "line endings (the golden's lines end in CRLF, as a checkout with git's core.autocrlf "
                    + "writes them; `*.expected.* -text` in .gitattributes keeps goldens byte for byte)",
                label: "", old: "CRLF", new: "LF"))
            return result
        }
        var diff: StructuralDiff?
        switch kind {
        case .json:
            if let old = CheckJSONDocument.parse(golden), let new = CheckJSONDocument.parse(actual) {
                diff = JSONStructuralDiff.compare(old: old, new: new, tolerance: tolerance)
            }
        case .svg, .debugSVG:
            if let old = CheckSVGDocument.parse(golden), let new = CheckSVGDocument.parse(actual) {
                diff = SVGStructuralDiff.compare(old: old, new: new, tolerance: tolerance, layers: layers())
            }
        }
        var result = diff ?? StructuralDiff()
        if result.mismatchCount == 0 && result.toleranceCount == 0 {
            result.add(firstDifferingLine(golden, actual))
        }
        return result
    }

    /// Whether `golden` is `actual` with every line ending `\n` written `\r\n`.
    static func differOnlyInLineEndings(_ golden: [UInt8], _ actual: [UInt8]) -> Bool {
        guard golden.count > actual.count, golden.contains(0x0D) else { return false }
        var j = 0
        for (i, byte) in golden.enumerated() {
            if byte == 0x0D, i + 1 < golden.count, golden[i + 1] == 0x0A, j < actual.count, actual[j] == 0x0A { continue }
            guard j < actual.count, actual[j] == byte else { return false }
            j += 1
        }
        return j == actual.count
    }

    /// The first line where the two texts differ.
    static func firstDifferingLine(_ a: [UInt8], _ b: [UInt8]) -> CheckDifference {
        let la = a.split(separator: 0x0A, omittingEmptySubsequences: false)
        let lb = b.split(separator: 0x0A, omittingEmptySubsequences: false)
        var i = 0
        while i < la.count, i < lb.count, la[i].elementsEqual(lb[i]) { i += 1 }
        let text: ([ArraySlice<UInt8>], Int) -> String? = { lines, i in
            i < lines.count ? "\"" + String(decoding: lines[i], as: UTF8.self) + "\"" : nil
        }
        return CheckDifference(location: "line \(i + 1)", label: "", old: text(la, i), new: text(lb, i))
    }
}
