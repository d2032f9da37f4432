import CLibXML2
import LaminaCore

/// Reading the blanked copy of the input (``AttributeWhitespace``): blanked values are written
/// from the original bytes, and anything unexpected sends the reader back to the original.
extension ReaderState {
    /// When `raw` (a value in libxml2's buffer) is the next blanked value: appends it from the
    /// original bytes, normalized as libxml2 would have, and returns true.
    func appendUnblanked(_ raw: UnsafeBufferPointer<UInt8>) -> Bool {
        guard blankedMet < blankedRanges.count, let c = ctxt, let input = c.pointee.input, let cur = input.pointee.cur, let base = input.pointee.base,
            let start = raw.baseAddress, start >= base, start < cur
        else { return false }
        let offset = Int(xmlByteConsumed(c)) - (cur - start)
        let range = blankedRanges[blankedMet]
        guard offset == range.lowerBound else { return false }
        guard range.count == raw.count, range.upperBound <= bytes.count else {
            abandonBlanked()
            return false
        }
        blankedMet += 1
        bytes.withUnsafeBufferPointer { b in
            AttributeWhitespace.appendNormalized(UnsafeBufferPointer(rebasing: b[range]), to: &builder.arena)
        }
        return true
    }

    /// Gives up on the blanked copy: the parse stops and the original is parsed instead.
    func abandonBlanked() {
        retryOriginal = true
        if failure == nil { failure = SVGImportError(.malformedXML, "blanked parse abandoned", at: currentLocation()) }
        if let c = ctxt { xmlStopParser(c) }
    }
}
