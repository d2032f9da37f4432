extension PathData {
    /// Parses SVG 2 path data; on an error keeps every segment before the bad one, as browsers
    /// render up to the error.
    ///
    /// - Returns: the path and the first error, or nil when the whole text was valid.
    public static func parse(_ d: String) -> (path: PathData, error: ParseError?) {
        NumberScanner.scan(d) { scanner in
            var parser = PathParser(scanner: scanner, sink: SegmentList())
            parser.run()
            return (PathData(segments: parser.sink.segments), parser.error)
        }
    }

    /// The fill bounding box of path data read in one pass, without keeping its segments:
    /// `bounds` is `parse(d).path.bounds`, `draws` whether the path has a segment other than
    /// a moveto, and `error` the parse's first error (with an error, `bounds` and `draws` cover
    /// the segments before it).
    public static func scanBounds(_ d: String) -> (bounds: Rect, draws: Bool, error: ParseError?) {
        NumberScanner.scan(d) { scanner in scanBounds(bytes: scanner.bytes) }
    }

    /// ``scanBounds(_:)`` of path data's UTF-8 bytes (offsets in errors count these bytes).
    public static func scanBounds(bytes: UnsafeBufferPointer<UInt8>) -> (bounds: Rect, draws: Bool, error: ParseError?) {
        var parser = PathParser(scanner: NumberScanner(bytes), sink: PathBounds())
        parser.run()
        return (parser.sink.rect, parser.sink.draws, parser.error)
    }
}

/// Where the parser puts the segments it reads.
protocol PathSegmentSink {
    mutating func add(_ segment: PathSegment)
}

/// Keeps every segment.
struct SegmentList: PathSegmentSink {
    var segments: [PathSegment] = []

    mutating func add(_ segment: PathSegment) { segments.append(segment) }
}

/// The state machine behind `PathData.parse`.
private struct PathParser<Sink: PathSegmentSink> {
    var s: NumberScanner
    var sink: Sink
    var error: PathData.ParseError?
    var current = Point.zero
    var subpathStart = Point.zero
    /// The reflected control point source for `S` (last cubic's second control) and `T`.
    var lastCubicControl: Point?
    var lastQuadControl: Point?

    init(scanner: NumberScanner, sink: Sink) {
        self.s = scanner
        self.sink = sink
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
            guard let segment = readSegment(command, at: segmentStart) else { return }
            // Relative coordinates can add up past the largest double: stop there.
            if !PathParser.isFinite(segment) {
                fail(segmentStart, "coordinates out of range")
                return
            }
            sink.add(segment)
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
        sink.add(.close)
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

    /// Reads one argument set of `command`: its segment, or nil (and the error set).
    mutating func readSegment(_ command: UInt8, at start: Int) -> PathSegment? {
        let relative = command >= UInt8(ascii: "a")
        let base = relative ? current : Point.zero
        var v: (Double, Double, Double, Double, Double, Double) = (0, 0, 0, 0, 0, 0)
        func p(_ x: Double, _ y: Double) -> Point { Point(base.x + x, base.y + y) }
        switch command | 0x20 {
        case UInt8(ascii: "m"):
            guard numbers(2, into: &v) else { return bad(start, command) }
            let to = p(v.0, v.1)
            current = to
            subpathStart = to
            lastCubicControl = nil; lastQuadControl = nil
            return .moveTo(to)
        case UInt8(ascii: "l"):
            guard numbers(2, into: &v) else { return bad(start, command) }
            return line(to: p(v.0, v.1))
        case UInt8(ascii: "h"):
            guard numbers(1, into: &v) else { return bad(start, command) }
            return line(to: Point(relative ? current.x + v.0 : v.0, current.y))
        case UInt8(ascii: "v"):
            guard numbers(1, into: &v) else { return bad(start, command) }
            return line(to: Point(current.x, relative ? current.y + v.0 : v.0))
        case UInt8(ascii: "c"):
            guard numbers(6, into: &v) else { return bad(start, command) }
            return cubic(p(v.0, v.1), p(v.2, v.3), p(v.4, v.5))
        case UInt8(ascii: "s"):
            guard numbers(4, into: &v) else { return bad(start, command) }
            let c1 = lastCubicControl.map { Point(2 * current.x - $0.x, 2 * current.y - $0.y) } ?? current
            return cubic(c1, p(v.0, v.1), p(v.2, v.3))
        case UInt8(ascii: "q"):
            guard numbers(4, into: &v) else { return bad(start, command) }
            return quad(p(v.0, v.1), p(v.2, v.3))
        case UInt8(ascii: "t"):
            guard numbers(2, into: &v) else { return bad(start, command) }
            let c = lastQuadControl.map { Point(2 * current.x - $0.x, 2 * current.y - $0.y) } ?? current
            return quad(c, p(v.0, v.1))
        default:  // arc
            guard numbers(3, into: &v), let large = flag(), let sweep = flag() else { return bad(start, command) }
            s.skipCommaSpaces()
            guard let x = s.number() else { return bad(start, command) }
            s.skipCommaSpaces()
            guard let y = s.number() else { return bad(start, command) }
            let to = p(x, y)
            current = to
            lastCubicControl = nil; lastQuadControl = nil
            return .arcTo(rx: abs(v.0), ry: abs(v.1), rotation: v.2, largeArc: large, sweep: sweep, to: to)
        }
    }

    mutating func bad(_ offset: Int, _ command: UInt8) -> PathSegment? {
        fail(offset, "bad arguments for '\(String(UnicodeScalar(command)))' command")
        return nil
    }

    mutating func line(to: Point) -> PathSegment {
        current = to
        lastCubicControl = nil; lastQuadControl = nil
        return .lineTo(to)
    }

    mutating func cubic(_ c1: Point, _ c2: Point, _ to: Point) -> PathSegment {
        current = to
        lastCubicControl = c2; lastQuadControl = nil
        return .cubicTo(c1, c2, to)
    }

    mutating func quad(_ c: Point, _ to: Point) -> PathSegment {
        current = to
        lastCubicControl = nil; lastQuadControl = c
        return .quadTo(c, to)
    }
}
