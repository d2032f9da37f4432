extension PathData {
    /// Parses SVG 2 path data; on an error keeps every segment before the bad one, as browsers
    /// render up to the error.
    ///
    /// - Returns: the path and the first error, or nil when the whole text was valid.
    public static func parse(_ d: String) -> (path: PathData, error: ParseError?) {
        NumberScanner.scan(d) { scanner in
            var parser = PathParser(scanner: scanner)
            parser.run()
            return (PathData(segments: parser.segments), parser.error)
        }
    }
}

/// The state machine behind `PathData.parse`.
private struct PathParser {
    var s: NumberScanner
    var segments: [PathSegment] = []
    var error: PathData.ParseError?
    var current = Point.zero
    var subpathStart = Point.zero
    /// The reflected control point source for `S` (last cubic's second control) and `T`.
    var lastCubicControl: Point?
    var lastQuadControl: Point?

    init(scanner: NumberScanner) {
        self.s = scanner
    }

    mutating func fail(_ offset: Int, _ message: String) {
        error = PathData.ParseError(offset: offset, message: message)
    }

    mutating func run() {
        s.skipSpaces()
        if s.isAtEnd { return }
        var command: UInt8 = 0
        var first = true
        while true {
            s.skipSpaces()
            if s.isAtEnd { return }
            let segmentStart = s.index
            let c = s.peek
            if isCommand(c) {
                s.index += 1
                command = c
                if first, c | 0x20 != UInt8(ascii: "m") {
                    fail(segmentStart, "path data must start with 'M' or 'm'")
                    return
                }
                first = false
                if c | 0x20 == UInt8(ascii: "z") {
                    close()
                    continue
                }
                s.skipSpaces()
            } else if command == 0 {
                fail(segmentStart, "path data must start with 'M' or 'm'")
                return
            } else if command | 0x20 == UInt8(ascii: "z") {
                fail(segmentStart, "expected a command after 'Z'")
                return
            }
            // One argument set of `command`.
            guard readSegment(command, at: segmentStart) else { return }
            // Relative coordinates can add up past the largest double: stop there.
            if let last = segments.last, !PathParser.isFinite(last) {
                segments.removeLast()
                fail(segmentStart, "coordinates out of range")
                return
            }
            // A moveto's extra argument sets are implicit linetos.
            if command == UInt8(ascii: "M") { command = UInt8(ascii: "L") }
            if command == UInt8(ascii: "m") { command = UInt8(ascii: "l") }
            // Separator before the next argument set or command.
            let comma = s.skipCommaSpaces()
            if comma, s.isAtEnd || isCommand(s.peek) {
                fail(s.index, "expected a number after ','")
                return
            }
        }
    }

    static func isFinite(_ s: PathSegment) -> Bool {
        switch s {
        case .moveTo(let p), .lineTo(let p): return p.isFinite
        case .quadTo(let a, let p): return a.isFinite && p.isFinite
        case .cubicTo(let a, let b, let p): return a.isFinite && b.isFinite && p.isFinite
        case .arcTo(let rx, let ry, let r, _, _, let p): return rx.isFinite && ry.isFinite && r.isFinite && p.isFinite
        case .close: return true
        }
    }

    func isCommand(_ c: UInt8) -> Bool {
        switch c | 0x20 {
        case UInt8(ascii: "m"), UInt8(ascii: "z"), UInt8(ascii: "l"), UInt8(ascii: "h"), UInt8(ascii: "v"),
            UInt8(ascii: "c"), UInt8(ascii: "s"), UInt8(ascii: "q"), UInt8(ascii: "t"), UInt8(ascii: "a"):
            return true
        default:
            return false
        }
    }

    mutating func close() {
        segments.append(.close)
        current = subpathStart
        lastCubicControl = nil
        lastQuadControl = nil
    }

    /// Reads `count` comma/space separated numbers.
    mutating func numbers(_ count: Int, into out: inout (Double, Double, Double, Double, Double, Double)) -> Bool {
        for k in 0..<count {
            if k > 0 { s.skipCommaSpaces() }
            guard let v = s.number() else { return false }
            switch k {
            case 0: out.0 = v
            case 1: out.1 = v
            case 2: out.2 = v
            case 3: out.3 = v
            case 4: out.4 = v
            default: out.5 = v
            }
        }
        return true
    }

    /// Reads an arc flag: a single `0` or `1`, separators optional around it.
    mutating func flag() -> Bool? {
        s.skipCommaSpaces()
        switch s.peek {
        case UInt8(ascii: "0"): s.index += 1; return false
        case UInt8(ascii: "1"): s.index += 1; return true
        default: return nil
        }
    }

    mutating func readSegment(_ command: UInt8, at start: Int) -> Bool {
        let relative = command >= UInt8(ascii: "a")
        let base = relative ? current : Point.zero
        var v: (Double, Double, Double, Double, Double, Double) = (0, 0, 0, 0, 0, 0)
        func p(_ x: Double, _ y: Double) -> Point { Point(base.x + x, base.y + y) }
        switch command | 0x20 {
        case UInt8(ascii: "m"):
            guard numbers(2, into: &v) else { return bad(start, command) }
            let to = p(v.0, v.1)
            segments.append(.moveTo(to))
            current = to
            subpathStart = to
            lastCubicControl = nil; lastQuadControl = nil
        case UInt8(ascii: "l"):
            guard numbers(2, into: &v) else { return bad(start, command) }
            line(to: p(v.0, v.1))
        case UInt8(ascii: "h"):
            guard numbers(1, into: &v) else { return bad(start, command) }
            line(to: Point(relative ? current.x + v.0 : v.0, current.y))
        case UInt8(ascii: "v"):
            guard numbers(1, into: &v) else { return bad(start, command) }
            line(to: Point(current.x, relative ? current.y + v.0 : v.0))
        case UInt8(ascii: "c"):
            guard numbers(6, into: &v) else { return bad(start, command) }
            cubic(p(v.0, v.1), p(v.2, v.3), p(v.4, v.5))
        case UInt8(ascii: "s"):
            guard numbers(4, into: &v) else { return bad(start, command) }
            let c1 = lastCubicControl.map { Point(2 * current.x - $0.x, 2 * current.y - $0.y) } ?? current
            cubic(c1, p(v.0, v.1), p(v.2, v.3))
        case UInt8(ascii: "q"):
            guard numbers(4, into: &v) else { return bad(start, command) }
            quad(p(v.0, v.1), p(v.2, v.3))
        case UInt8(ascii: "t"):
            guard numbers(2, into: &v) else { return bad(start, command) }
            let c = lastQuadControl.map { Point(2 * current.x - $0.x, 2 * current.y - $0.y) } ?? current
            quad(c, p(v.0, v.1))
        default:  // arc
            guard numbers(3, into: &v), let large = flag(), let sweep = flag() else { return bad(start, command) }
            s.skipCommaSpaces()
            guard let x = s.number() else { return bad(start, command) }
            s.skipCommaSpaces()
            guard let y = s.number() else { return bad(start, command) }
            let to = p(x, y)
            segments.append(.arcTo(rx: abs(v.0), ry: abs(v.1), rotation: v.2, largeArc: large, sweep: sweep, to: to))
            current = to
            lastCubicControl = nil; lastQuadControl = nil
        }
        return true
    }

    mutating func bad(_ offset: Int, _ command: UInt8) -> Bool {
        fail(offset, "bad arguments for '\(String(UnicodeScalar(command)))' command")
        return false
    }

    mutating func line(to: Point) {
        segments.append(.lineTo(to))
        current = to
        lastCubicControl = nil; lastQuadControl = nil
    }

    mutating func cubic(_ c1: Point, _ c2: Point, _ to: Point) {
        segments.append(.cubicTo(c1, c2, to))
        current = to
        lastCubicControl = c2; lastQuadControl = nil
    }

    mutating func quad(_ c: Point, _ to: Point) {
        segments.append(.quadTo(c, to))
        current = to
        lastCubicControl = nil; lastQuadControl = c
    }
}
