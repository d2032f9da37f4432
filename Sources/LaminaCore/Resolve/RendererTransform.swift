/// A transform the renderer applies about a point of the box of what it draws (`transform-box:
/// fill-box` and the other box keywords), which Lamina cannot place itself where that box holds
/// a text's: the SVG importer keeps it in a group layer's `svg.extra` as `transform` (an SVG
/// transform list), `transform-box` and optionally `transform-origin`, and gives the
/// layer its own guess of the same transform (about its guessed box), which its sublayers and
/// Lamina's queries follow.
///
/// The flattened output writes the layer's drawables in the layer's space under a group that
/// carries this transform, box and origin as the input's element does, inside a group that
/// places the layer's superlayer space: the renderer then turns them about the real box.
public struct RendererTransform: Hashable, Sendable {
    /// The element's transform list, written as the `transform` attribute (a `use`'s x/y
    /// included as a last `translate`).
    public var transform: String
    /// The `transform-origin` value as given (nil: the SVG default, `0 0`).
    public var origin: String?
    /// The `transform-box` keyword.
    public var box: String

    public init(transform: String, origin: String?, box: String) {
        self.transform = transform
        self.origin = origin
        self.box = box
    }

    /// The box keywords that make the reference box the element's own (object or stroke
    /// bounding box), as Chromium reads them for SVG content (`content-box` is the fill box,
    /// `border-box` the stroke box).
    public static let boxKeywords: Set<String> = ["fill-box", "stroke-box", "content-box", "border-box"]

    /// The renderer transform held in layer compositing facts `extra` (a `transform` and a box
    /// keyword), nil when there is none.
    public static func find(in extra: [StyleProperty]) -> RendererTransform? {
        var matrix: String?
        var origin: String?
        var box: String?
        for p in extra {
            switch p.name {
            case "transform": matrix = p.value.isEmpty ? nil : p.value
            case "transform-origin": origin = p.value
            case "transform-box": box = boxKeywords.contains(p.value) ? p.value : nil
            default: break
            }
        }
        guard let matrix, let box else { return nil }
        return RendererTransform(transform: matrix, origin: origin, box: box)
    }

    /// Whether a compositing property is one of a renderer transform's.
    public static func isPart(_ p: StyleProperty) -> Bool {
        p.name == "transform" || p.name == "transform-origin" || p.name == "transform-box"
    }
}
