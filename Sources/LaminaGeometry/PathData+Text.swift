extension PathData {
    /// Canonical path text: absolute upper-case commands, numbers through `NumberText`,
    /// a space between numbers and none around command letters, e.g. `M10 20L30 40Z`.
    public func svgText() -> String {
        var out = ""
        out.reserveCapacity(segments.count * 16)
        func pt(_ p: Point) {
            NumberText.append(p.x, to: &out)
            out += " "
            NumberText.append(p.y, to: &out)
        }
        for segment in segments {
            switch segment {
            case .moveTo(let p):
                out += "M"; pt(p)
            case .lineTo(let p):
                out += "L"; pt(p)
            case .quadTo(let c, let p):
                out += "Q"; pt(c); out += " "; pt(p)
            case .cubicTo(let c1, let c2, let p):
                out += "C"; pt(c1); out += " "; pt(c2); out += " "; pt(p)
            case .arcTo(let rx, let ry, let rotation, let large, let sweep, let p):
                out += "A"
                NumberText.append(rx, to: &out); out += " "
                NumberText.append(ry, to: &out); out += " "
                NumberText.append(rotation, to: &out)
                out += large ? " 1" : " 0"
                out += sweep ? " 1 " : " 0 "
                pt(p)
            case .close:
                out += "Z"
            }
        }
        return out
    }
}
