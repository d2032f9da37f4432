import LaminaCore

/// CSS transform functions for `lamina:transform3d` (`perspective() rotateX() translateZ()`
/// and the rest of CSS Transforms 1/2), composed into one `Transform3D` in row-vector order.
enum CSSTransform3D {
    /// The matrix of a CSS transform list (the leftmost function applies last, as in CSS), or
    /// nil when any function is unknown or malformed.
    static func parse(_ text: String) -> Transform3D? {
        var total = Transform3D.identity
        var rest = text[...]
        while true {
            rest = rest.drop { $0.isWhitespace || $0 == "," }
            if rest.isEmpty { break }
            guard let open = rest.firstIndex(of: "("), let close = rest.firstIndex(of: ")"), open < close else { return nil }
            let name = rest[..<open].trimmingCharacters(in: " \t\n\r").lowercased()
            let args = rest[rest.index(after: open)..<close]
                .split(whereSeparator: { $0 == "," || $0.isWhitespace }).map { String($0) }
            guard let f = function(name, args) else { return nil }
            total = f.concatenating(total)
            rest = rest[rest.index(after: close)...]
        }
        return total.elements.allSatisfy(\.isFinite) ? total : nil
    }

    /// A number with an optional unit (`px`, angle units, in any case as CSS allows); angles
    /// return radians.
    private static func value(_ written: String, angle: Bool) -> Double? {
        let s = written.lowercased()
        let units: [(String, Double)] =
            angle
            ? [("deg", Double.pi / 180), ("grad", Double.pi / 200), ("rad", 1), ("turn", 2 * Double.pi)]
            : [("px", 1)]
        for (u, k) in units where s.hasSuffix(u) {
            return Double(s.dropLast(u.count)).map { $0 * k }
        }
        guard let v = Double(s) else { return nil }
        return angle && v != 0 ? v * Double.pi / 180 : v
    }

    private static func function(_ name: String, _ a: [String]) -> Transform3D? {
        let angleFunctions: Set<String> = ["rotate", "rotatex", "rotatey", "rotatez", "skew", "skewx", "skewy"]
        let isAngle = angleFunctions.contains(name)
        var n: [Double] = []
        for (i, s) in a.enumerated() {
            let angle = isAngle || (name == "rotate3d" && i == 3)
            guard let v = value(s, angle: angle) else { return nil }
            n.append(v)
        }
        var m = Transform3D.identity
        switch (name, n.count) {
        case ("perspective", 1):
            if n[0] != 0 { m.m34 = -1 / n[0] }
        case ("translate", 1), ("translate", 2): m = .translation(n[0], n.count > 1 ? n[1] : 0, 0)
        case ("translatex", 1): m = .translation(n[0], 0, 0)
        case ("translatey", 1): m = .translation(0, n[0], 0)
        case ("translatez", 1): m = .translation(0, 0, n[0])
        case ("translate3d", 3): m = .translation(n[0], n[1], n[2])
        case ("scale", 1), ("scale", 2): m = .scale(n[0], n.count > 1 ? n[1] : n[0], 1)
        case ("scalex", 1): m = .scale(n[0], 1, 1)
        case ("scaley", 1): m = .scale(1, n[0], 1)
        case ("scalez", 1): m = .scale(1, 1, n[0])
        case ("scale3d", 3): m = .scale(n[0], n[1], n[2])
        case ("rotate", 1), ("rotatez", 1): m = .rotation(n[0], 0, 0, 1)
        case ("rotatex", 1): m = .rotation(n[0], 1, 0, 0)
        case ("rotatey", 1): m = .rotation(n[0], 0, 1, 0)
        case ("rotate3d", 4): m = .rotation(n[3], n[0], n[1], n[2])
        case ("skew", 1), ("skew", 2):
            m.m21 = tangent(n[0])
            if n.count > 1 { m.m12 = tangent(n[1]) }
        case ("skewx", 1): m.m21 = tangent(n[0])
        case ("skewy", 1): m.m12 = tangent(n[0])
        case ("matrix", 6): m = Transform3D(AffineTransform(n[0], n[1], n[2], n[3], n[4], n[5]))
        case ("matrix3d", 16): return Transform3D(elements: n)
        default: return nil
        }
        return m
    }
}
