/// Text compared and hashed by its UTF-8 bytes, code point by code point: Swift's `String`
/// equality is canonical equivalence, which takes a precomposed "é" (U+00E9) and "e" with a
/// combining acute accent (U+0065 U+0301) for one string. XML compares ids this way, and
/// Core Animation compares layer names this way (`NSString`'s `isEqualToString:` is literal).
public struct ExactText: Hashable, Sendable {
    public let text: String

    @inlinable public init(_ text: String) { self.text = text }

    @inlinable public static func == (a: ExactText, b: ExactText) -> Bool { LayerTree.sameName(a.text, b.text) }

    @inlinable public func hash(into hasher: inout Hasher) {
        var t = text
        t.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
