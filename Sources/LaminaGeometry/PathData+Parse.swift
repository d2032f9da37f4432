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

/// Where the parser puts the segments it reads, one call per segment kind: the parser hands
/// over coordinates, not a ``PathSegment`` (the bounds scan read each segment's enum back out
/// again, and built, checked and copied it: a fifth of a path's scan).
protocol PathSegmentSink {
    mutating func moveTo(_ p: Point)
    mutating func lineTo(_ p: Point)
    mutating func quadTo(_ c: Point, _ p: Point)
    mutating func cubicTo(_ c1: Point, _ c2: Point, _ p: Point)
    mutating func arcTo(rx: Double, ry: Double, rotation: Double, largeArc: Bool, sweep: Bool, to p: Point)
    mutating func close()
}

/// Keeps every segment.
struct SegmentList: PathSegmentSink {
    var segments: [PathSegment] = []

    mutating func moveTo(_ p: Point) { segments.append(.moveTo(p)) }
    mutating func lineTo(_ p: Point) { segments.append(.lineTo(p)) }
    mutating func quadTo(_ c: Point, _ p: Point) { segments.append(.quadTo(c, p)) }
    mutating func cubicTo(_ c1: Point, _ c2: Point, _ p: Point) { segments.append(.cubicTo(c1, c2, p)) }
    mutating func arcTo(rx: Double, ry: Double, rotation: Double, largeArc: Bool, sweep: Bool, to p: Point) {
        segments.append(.arcTo(rx: rx, ry: ry, rotation: rotation, largeArc: largeArc, sweep: sweep, to: p))
    }
    mutating func close() { segments.append(.close) }
}

/// The state machine behind `PathData.parse` and `PathData.scanBounds`.
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
            // One argument set of `command`, handed to the sink (false: the error is set).
            guard readSegment(command, at: segmentStart) else { return }
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

    @inline(__always) func isCommand(_ c: UInt8) -> Bool {
        switch c | 0x20 {
        case UInt8(ascii: "m"), UInt8(ascii: "z"), UInt8(ascii: "l"), UInt8(ascii: "h"), UInt8(ascii: "v"),
            UInt8(ascii: "c"), UInt8(ascii: "s"), UInt8(ascii: "q"), UInt8(ascii: "t"), UInt8(ascii: "a"):
            return true
        default:
            return false
        }
    }

    mutating func close() {
        sink.close()
        current = subpathStart
        lastCubicControl = nil
        lastQuadControl = nil
    }

    /// The next number of an argument set after its first: a separator, then the number.
    @inline(__always) mutating func argument() -> Double? {
        s.skipCommaSpaces()
        return s.number()
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

    /// Reads one argument set of `command` and hands its segment to the sink; false when it
    /// could not be read, or its coordinates are not finite (relative ones can add up past the
    /// largest double), with the error set.
    mutating func readSegment(_ command: UInt8, at start: Int) -> Bool {
        let relative = command >= UInt8(ascii: "a")
        let base = relative ? current : Point.zero
        func p(_ x: Double, _ y: Double) -> Point { Point(base.x + x, base.y + y) }
        switch command | 0x20 {
        case UInt8(ascii: "m"):
            guard let x = s.number(), let y = argument() else { return bad(start, command) }
            let to = p(x, y)
            guard to.isFinite else { return outOfRange(start) }
            current = to
            subpathStart = to
            lastCubicControl = nil; lastQuadControl = nil
            sink.moveTo(to)
            return true
        case UInt8(ascii: "l"):
            guard let x = s.number(), let y = argument() else { return bad(start, command) }
            return line(to: p(x, y), at: start)
        case UInt8(ascii: "h"):
            guard let v = s.number() else { return bad(start, command) }
            return line(to: Point(relative ? current.x + v : v, current.y), at: start)
        case UInt8(ascii: "v"):
            guard let v = s.number() else { return bad(start, command) }
            return line(to: Point(current.x, relative ? current.y + v : v), at: start)
        case UInt8(ascii: "c"):
            guard let x1 = s.number(), let y1 = argument(), let x2 = argument(), let y2 = argument(),
                let x = argument(), let y = argument()
            else { return bad(start, command) }
            return cubic(p(x1, y1), p(x2, y2), p(x, y), at: start)
        case UInt8(ascii: "s"):
            guard let x2 = s.number(), let y2 = argument(), let x = argument(), let y = argument() else {
                return bad(start, command)
            }
            let c1 = lastCubicControl.map { Point(2 * current.x - $0.x, 2 * current.y - $0.y) } ?? current
            return cubic(c1, p(x2, y2), p(x, y), at: start)
        case UInt8(ascii: "q"):
            guard let x1 = s.number(), let y1 = argument(), let x = argument(), let y = argument() else {
                return bad(start, command)
            }
            return quad(p(x1, y1), p(x, y), at: start)
        case UInt8(ascii: "t"):
            guard let x = s.number(), let y = argument() else { return bad(start, command) }
            let c = lastQuadControl.map { Point(2 * current.x - $0.x, 2 * current.y - $0.y) } ?? current
            return quad(c, p(x, y), at: start)
        default:  // arc
            guard let rx = s.number(), let ry = argument(), let rotation = argument(), let large = flag(),
                let sweep = flag()
            else { return bad(start, command) }
            s.skipCommaSpaces()
            guard let x = s.number() else { return bad(start, command) }
            s.skipCommaSpaces()
            guard let y = s.number() else { return bad(start, command) }
            let to = p(x, y)
            guard rx.isFinite, ry.isFinite, rotation.isFinite, to.isFinite else { return outOfRange(start) }
            current = to
            lastCubicControl = nil; lastQuadControl = nil
            sink.arcTo(rx: abs(rx), ry: abs(ry), rotation: rotation, largeArc: large, sweep: sweep, to: to)
            return true
        }
    }

    mutating func bad(_ offset: Int, _ command: UInt8) -> Bool {
        fail(offset, "bad arguments for '\(String(UnicodeScalar(command)))' command")
        return false
    }

    mutating func outOfRange(_ offset: Int) -> Bool {
        fail(offset, "coordinates out of range")
        return false
    }

    @inline(__always) mutating func line(to: Point, at start: Int) -> Bool {
        guard to.isFinite else { return outOfRange(start) }
        current = to
        lastCubicControl = nil; lastQuadControl = nil
        sink.lineTo(to)
        return true
    }

    @inline(__always) mutating func cubic(_ c1: Point, _ c2: Point, _ to: Point, at start: Int) -> Bool {
        guard c1.isFinite, c2.isFinite, to.isFinite else { return outOfRange(start) }
        current = to
        lastCubicControl = c2; lastQuadControl = nil
        sink.cubicTo(c1, c2, to)
        return true
    }

    @inline(__always) mutating func quad(_ c: Point, _ to: Point, at start: Int) -> Bool {
        guard c.isFinite, to.isFinite else { return outOfRange(start) }
        current = to
        lastCubicControl = nil; lastQuadControl = c
        sink.quadTo(c, to)
        return true
    }
}
