extension PathData {
    /// Degrees to radians.
    static func radians(fromDegrees d: Double) -> Double { d * Double.pi / 180 }

    /// The cosine of an angle in degrees, exact at multiples of 90°.
    public static func cosDegrees(_ d: Double) -> Double {
        let r = d.truncatingRemainder(dividingBy: 360)
        switch r {
        case 0: return 1
        case 90, -270: return 0
        case 180, -180: return -1
        case 270, -90: return 0
        default: return cosine(radians(fromDegrees: r))
        }
    }

    /// The sine of an angle in degrees, exact at multiples of 90°.
    public static func sinDegrees(_ d: Double) -> Double {
        let r = d.truncatingRemainder(dividingBy: 360)
        switch r {
        case 0: return 0
        case 90, -270: return 1
        case 180, -180: return 0
        case 270, -90: return -1
        default: return sine(radians(fromDegrees: r))
        }
    }

    /// ``cosDegrees(_:)`` and ``sinDegrees(_:)`` of one angle, its remainder taken once.
    package static func cosSinDegrees(_ d: Double) -> (cos: Double, sin: Double) {
        let r = d.truncatingRemainder(dividingBy: 360)
        switch r {
        case 0: return (1, 0)
        case 90, -270: return (0, 1)
        case 180, -180: return (-1, 0)
        case 270, -90: return (0, -1)
        default:
            let a = radians(fromDegrees: r)
            return (cosine(a), sine(a))
        }
    }
}
