/// A `text-decoration` an ancestor declares, and that ancestor's style: the text inside draws
/// the decoration with the ancestor's `fill` and `stroke`, not its own (SVG 2 §11.10.1), as
/// Chromium does (`<g text-decoration="underline" fill="red">` around a blue text: a red line).
package struct DecoratingStyle: Hashable, Sendable {
    /// The `text-decoration` value as declared.
    package var value: String
    /// The computed style of the element declaring it.
    package var style: ComputedStyle
}
