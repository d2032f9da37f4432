import LaminaGeometry
import LaminaTestSupport
import Testing

/// `PathData.scanBounds` reads path data once for its bounds, its parser handing each segment's
/// coordinates straight to the bounds; `PathData.parse(…).path.bounds` keeps the segments first.
/// Both must agree bit for bit, errors included.
@Suite struct PathDataBoundsTests {
    /// The scan's answer next to the one computed from the kept segments.
    static func agree(_ d: String) -> Bool {
        let scanned = PathData.scanBounds(d)
        let (path, error) = PathData.parse(d)
        let draws = path.segments.contains { if case .moveTo = $0 { false } else { true } }
        return same(scanned.bounds, path.bounds) && scanned.draws == draws && scanned.error == error
    }

    /// Equal bit for bit (so that `-0` and `0` differ).
    static func same(_ a: Rect, _ b: Rect) -> Bool {
        [a.x, a.y, a.width, a.height].map(\.bitPattern) == [b.x, b.y, b.width, b.height].map(\.bitPattern)
    }

    @Test(arguments: [
        ("M0 0C0 10 10 10 10 0", Rect(0, 0, 10, 7.5)),
        ("M0 0Q5 10 10 0", Rect(0, 0, 10, 5)),
        ("m10 10 h5 v-20 z", Rect(10, -10, 5, 20)),
        ("M0 0A5 5 0 0 1 10 0", Rect(0, -5, 10, 5)),
        ("M0 0S10 10 20 0T40 0", Rect(0, 0, 40, 40.0 / 9)),
        ("M1 1", Rect.null),
        ("M1 1M2 2L3 5", Rect(2, 2, 1, 3)),
    ])
    func boundsOfEachCommand(d: String, expected: Rect) {
        let scanned = PathData.scanBounds(d)
        let b = scanned.bounds
        // Within rounding (an arc's extremum comes from its center form).
        let close = b.isNull ? expected.isNull : zip([b.x, b.y, b.width, b.height], [expected.x, expected.y, expected.width, expected.height])
            .allSatisfy { abs($0 - $1) <= 1e-9 }
        #expect(close, "\(b)")
        #expect(scanned.error == nil)
        #expect(Self.agree(d))
    }

    @Test(arguments: [
        ("M0 0L10 10L20", 10, "bad arguments for 'L' command"),
        ("M0 0 l1e308 0 1e308 0", 14, "coordinates out of range"),
        ("M0 0 c1e308 0 1e308 0 1e308 0 s1e308 0 1e308 0", 30, "coordinates out of range"),
        ("M0 0 q1e308 0 1e308 0 t1e308 0", 22, "coordinates out of range"),
        ("M0 0 a1 1 0 0 1 1e308 0 1 1 0 0 1 1e308 0", 24, "coordinates out of range"),
        ("M0 0 L1 1, Z", 11, "expected a number after ','"),
        ("M0 0 Z 5 5", 7, "expected a command after 'Z'"),
        ("L1 1", 0, "path data must start with 'M' or 'm'"),
        ("M0 0 a1 1 0 2 1 5 5", 5, "bad arguments for 'a' command"),
    ])
    func errorsStopTheScanWhereTheParseStops(d: String, offset: Int, message: String) {
        let scanned = PathData.scanBounds(d)
        #expect(scanned.error == PathData.ParseError(offset: offset, message: message))
        #expect(Self.agree(d))
    }

    /// Random path data of every command, relative and absolute, with numbers in every form
    /// the scanner reads (signs, leading dots, exponents, long mantissas) and every separator,
    /// some of it malformed: the scan and the kept segments agree on all of it.
    @Test func agreesWithTheKeptSegmentsOnRandomData() {
        var random = SplitMix64(state: 24)
        let commands = Array("MmLlHhVvCcSsQqTtAaZz")
        let arity: [Character: Int] = ["M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0]
        var disagreements: [String] = []
        for _ in 0..<3_000 {
            var d = random.pick(8) == 0 ? "" : "M\(Self.number(&random)) \(Self.number(&random))"
            for _ in 0..<(1 + random.pick(8)) {
                let c = commands[random.pick(commands.count)]
                d.append(c)
                let n = arity[Character(c.uppercased())] ?? 0
                for k in 0..<n {
                    if k > 0 || random.pick(3) == 0 { d += [" ", ",", " , ", "", "\n"][random.pick(5)] }
                    // Arc flags are one digit; anything else there is malformed.
                    let isFlag = c.uppercased() == "A" && (k == 3 || k == 4)
                    d += isFlag ? ["0", "1", "2"][random.pick(3)] : Self.number(&random)
                }
            }
            if !Self.agree(d) { disagreements.append(d) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }

    /// A number as path data writes it, in one of several forms.
    static func number(_ random: inout SplitMix64) -> String {
        let sign = ["", "-", "+"][random.pick(3)]
        let int = random.pick(5000)
        let frac = random.pick(1000)
        switch random.pick(7) {
        case 0: return "\(sign)\(int)"
        case 1: return "\(sign).\(frac)"
        case 2: return "\(sign)\(int).\(frac)e\(random.pick(5) - 2)"
        case 3: return "\(sign)\(int).\(frac)123456789012345678"
        case 4: return "\(sign)\(int)."
        case 5: return "\(sign)1e30\(random.pick(10))"
        default: return "\(sign)\(int).\(frac)"
        }
    }
}

extension SplitMix64 {
    /// A value in `0..<bound`.
    fileprivate mutating func pick(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
