/// A paint server or other definition a layer refers to by id (SPEC §3 `resources`).
///
/// Resources are carried as self-contained SVG markup: href chains are resolved on import so
/// each one stands alone; ids inside are the resource's own id.
public struct Resource: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case linearGradient, radialGradient, pattern, clipPath, mask, filter, marker, other
    }

    public var id: String
    public var kind: Kind
    /// The element's markup, e.g. `<linearGradient id="g">…</linearGradient>`.
    public var xml: String

    public init(id: String, kind: Kind, xml: String) {
        self.id = id
        self.kind = kind
        self.xml = xml
    }
}
