import LaminaCore

extension OverlayLabels {
    /// How wide a label's text is set, in font sizes: each character's advance in DejaVu Sans,
    /// the sans-serif of Linux browsers and the widest of the common ones (Arial and Helvetica
    /// are narrower), so that labels placed apart by it do not touch in a browser. Digits and
    /// `#`, which every label holds, are wide (0.64 and 0.84); an average of 0.6 a byte
    /// underestimated "#111 #112" by 5 px at 12 px. Other bytes: 0.7 for a two-byte character,
    /// 1 for a longer one (CJK, emoji), 0 for continuation bytes.
    static func textWidth(_ text: String) -> Double {
        byteWidth.withUnsafeBufferPointer { table in
            var w = 0.0
            let done: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
                for b in bytes { w += table[Int(b)] }
            }
            if done == nil {
                for b in text.utf8 { w += table[Int(b)] }
            }
            return w
        }
    }

    /// The text a layer's label shows before its paint index: its name, or, for an unnamed
    /// layer, the end of its path from its superlayer on (`…/g27/#1`): the whole path of a
    /// layer 27 groups down ran 400 px from its frame and hid the labels around it. The path
    /// is in the layer's `data-layer` and tooltip.
    static func labelText(name: String?, path: String) -> String {
        if let name { return name }
        var path = path
        // The byte after the second '/' from the end, if there are two.
        let cut: Int? = path.withUTF8 { bytes in
            var slashes = 0
            var i = bytes.count
            while i > 0 {
                i -= 1
                if bytes[i] == 0x2F {
                    slashes += 1
                    if slashes == 2 { return i + 1 }
                }
            }
            return nil
        }
        guard let cut else { return path }
        return "…/" + String(decoding: Array(path.utf8)[cut...], as: UTF8.self)
    }

    /// `#k` (or `#-`) after a space, in font sizes.
    static func paintTextWidth(_ entry: OverlayScan.Entry) -> Double {
        Double(paintTextCount(entry) - 2) * 0.636 + 0.318 + 0.838
    }

    /// Advances by UTF-8 byte, in font sizes.
    static let byteWidth: [Double] = {
        var t = [Double](repeating: 0.6, count: 256)
        let lower: [Double] = [
            0.613, 0.635, 0.55, 0.635, 0.615, 0.352, 0.635, 0.634, 0.278, 0.278, 0.579, 0.278, 0.974,
            0.634, 0.612, 0.635, 0.635, 0.411, 0.521, 0.392, 0.634, 0.592, 0.818, 0.592, 0.592, 0.525,
        ]
        let upper: [Double] = [
            0.684, 0.686, 0.698, 0.77, 0.632, 0.575, 0.775, 0.752, 0.295, 0.295, 0.656, 0.557, 0.863,
            0.748, 0.787, 0.603, 0.787, 0.695, 0.635, 0.611, 0.732, 0.684, 0.989, 0.685, 0.611, 0.685,
        ]
        for i in 0..<26 {
            t[0x61 + i] = lower[i]
            t[0x41 + i] = upper[i]
        }
        for d in 0x30...0x39 { t[d] = 0.636 }
        for (c, v) in [(0x20, 0.318), (0x23, 0.838), (0x2F, 0.337), (0x2D, 0.361), (0x5F, 0.5), (0x2E, 0.318), (0x3A, 0.337)] {
            t[c] = v
        }
        for b in 0x80...0xBF { t[b] = 0 }
        for b in 0xC0...0xDF { t[b] = 0.7 }
        for b in 0xE0...0xFF { t[b] = 1 }
        return t
    }()
}
