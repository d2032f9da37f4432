import LaminaCore

extension OverlayLabels {
    /// The opacity of a faint frame where few overlap.
    static let faintOpacityMost = 0.15
    /// The least opacity of a faint frame, however many overlap.
    static let faintOpacityLeast = 0.03

    /// How opaque the faint frames (of layers whose labels are crowded out) are drawn: 0.15,
    /// or less where they would cover the canvas more than once over. Their outlines' length
    /// on the canvas times their width (1 CSS pixel), over the canvas's area, is how many of
    /// them an average pixel lies under (`c`): 0.9 on a generated drawing of 10,000 shapes,
    /// 7.7 on one of 10,000 shapes in groups 10 deep, whose nested group frames made a grid
    /// over the picture at 0.15; there they are drawn at 0.15 / √c (0.054), so that their
    /// weight grows with their number more slowly than their count, and no less than 0.03.
    static func faintOpacity(boxes: [Rect], faint: [Bool], visible: Rect, style: OverlayStyle) -> Double {
        guard !visible.isNull, visible.width > 0, visible.height > 0, faint.count == boxes.count else {
            return faintOpacityMost
        }
        var length = 0.0
        for k in boxes.indices where faint[k] && !boxes[k].isNull {
            let r = boxes[k].intersection(visible)
            if !r.isNull { length += 2 * (r.width + r.height) }
        }
        // A stroke is one CSS pixel wide: a twelfth of the font size.
        let c = length * style.fontSize / DebugSVG.labelPixels / (visible.width * visible.height)
        guard c.isFinite, c > 1 else { return faintOpacityMost }
        let o = (faintOpacityMost / c.squareRoot() * 1000).rounded() / 1000
        return max(faintOpacityLeast, o)
    }
}
