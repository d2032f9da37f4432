import Foundation

/// A query result of the conformance runner, compared with the JSON `expected` value.
indirect enum VectorValue: CustomStringConvertible {
    case number(Double)
    case string(String)
    case bool(Bool)
    case null
    case array([VectorValue])
    case object([(String, VectorValue)])

    static func point(_ x: Double, _ y: Double) -> VectorValue {
        x.isFinite && y.isFinite ? .array([.number(x), .number(y)]) : .array([.null, .null])
    }

    static func numbers(_ values: [Double]) -> VectorValue { .array(values.map { .number($0) }) }

    var description: String {
        switch self {
        case .number(let d): "\(d)"
        case .string(let s): "\"\(s)\""
        case .bool(let b): "\(b)"
        case .null: "null"
        case .array(let a): "[" + a.map(\.description).joined(separator: ",") + "]"
        case .object(let o): "{" + o.map { "\"\($0.0)\":\($0.1.description)" }.joined(separator: ",") + "}"
        }
    }

    /// Whether `got` equals the JSON value `expected`, numbers within `tolerance`.
    static func matches(_ got: VectorValue, _ expected: Any, tolerance: Double) -> Bool {
        switch got {
        case .null: return expected is NSNull
        case .string(let s): return (expected as? String) == s
        case .bool(let b):
            guard let n = expected as? NSNumber, !(expected is String) else { return false }
            return n.boolValue == b && (n.intValue == 0 || n.intValue == 1)
        case .number(let d):
            guard !(expected is String), !(expected is NSNull), let e = (expected as? NSNumber)?.doubleValue else {
                return false
            }
            return abs(e - d) <= tolerance
        case .array(let a):
            guard let e = expected as? [Any], e.count == a.count else { return false }
            return zip(a, e).allSatisfy { matches($0, $1, tolerance: tolerance) }
        case .object(let o):
            guard let e = expected as? [String: Any], e.count == o.count else { return false }
            return o.allSatisfy { k, v in e[k].map { matches(v, $0, tolerance: tolerance) } ?? false }
        }
    }

    /// Compact text of a JSON value for failure messages.
    static func describe(_ value: Any) -> String {
        guard JSONSerialization.isValidJSONObject([value]),
            let d = try? JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys]),
            let s = String(data: d, encoding: .utf8)
        else { return "\(value)" }
        return String(s.dropFirst().dropLast())
    }
}
