#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

// The C math library is the only thing this module imports: no Foundation.

@inline(__always) public func sine(_ x: Double) -> Double { sin(x) }
@inline(__always) public func cosine(_ x: Double) -> Double { cos(x) }
@inline(__always) public func tangent(_ x: Double) -> Double { tan(x) }
@inline(__always) public func arcTangent2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
@inline(__always) public func arcCosine(_ x: Double) -> Double { acos(x) }
@inline(__always) public func squareRoot(_ x: Double) -> Double { x.squareRoot() }
@inline(__always) public func hypotenuse(_ x: Double, _ y: Double) -> Double { hypot(x, y) }
