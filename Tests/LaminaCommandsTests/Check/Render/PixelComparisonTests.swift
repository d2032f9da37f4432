import Foundation
import Testing
@testable import LaminaCommands

@Suite struct PixelComparisonTests {
    private func image(_ w: Int, _ h: Int, _ rgba: [UInt8]) -> RGBAImage {
        RGBAImage(width: w, height: h, pixels: Array((0..<(w * h)).flatMap { _ in rgba }))
    }

    @Test func channelToleranceIsEightOn255() {
        let a = image(10, 10, [100, 100, 100, 255])
        let (same, _) = PixelComparison.compare(a, image(10, 10, [108, 100, 100, 255]))
        #expect(same.differing == 0 && same.passed && same.maxChannelDifference == 8)
        let (other, diff) = PixelComparison.compare(a, image(10, 10, [109, 100, 100, 255]))
        #expect(other.differing == 100 && !other.passed)
        #expect(diff.width == 38 && diff.height == 10)
        #expect(Array(diff.pixels[(28 * 4)..<(28 * 4 + 4)]) == [255, 0, 0, 255])
    }

    @Test func transparentCompositesOnWhiteAndSizesMismatchCount() {
        let (white, _) = PixelComparison.compare(image(4, 4, [0, 0, 0, 0]), image(4, 4, [255, 255, 255, 255]))
        #expect(white.passed)
        let (bigger, _) = PixelComparison.compare(image(4, 4, [0, 0, 0, 0]), image(5, 4, [0, 0, 0, 0]))
        #expect(bigger.differing == 4 && bigger.total == 20)
    }

    @Test func passesAtOneThousandthOfPixels() {
        var b = image(100, 20, [0, 0, 0, 255])
        b.pixels[0] = 255
        b.pixels[4] = 255
        let (two, _) = PixelComparison.compare(image(100, 20, [0, 0, 0, 255]), b)
        #expect(two.differing == 2 && two.passed)
        b.pixels[8] = 255
        let (three, _) = PixelComparison.compare(image(100, 20, [0, 0, 0, 255]), b)
        #expect(!three.passed)
        #expect(three.summary == "3/2000 px differ (0.15%), max channel diff 255: mismatch")
    }
}
