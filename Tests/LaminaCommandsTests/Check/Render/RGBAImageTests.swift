import Foundation
import Testing
@testable import LaminaCommands

@Suite struct RGBAImageTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/check")

    @Test func decodesAResvgPNGWithDynamicHuffmanCodes() throws {
        let data = try #require(FileManager.default.contents(atPath: Self.fixtures.appendingPathComponent("render-sample.png").path))
        let image = try RGBAImage.decodePNG([UInt8](data)).get()
        #expect(image.width == 24 && image.height == 16)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(image.pixels[((y * 24 + x) * 4)..<((y * 24 + x) * 4 + 4)]) }
        // Values read with Pillow from the same file.
        #expect(pixel(0, 0) == [0, 0, 0, 0])
        #expect(pixel(5, 5) == [221, 0, 0, 255])
        #expect(pixel(16, 8) == [0, 0, 255, 128])
        #expect(pixel(23, 15) == [0, 0, 0, 0])
    }

    @Test func encodeDecodeRoundTrip() throws {
        var pixels: [UInt8] = []
        for i in 0..<(300 * 120) { pixels += [UInt8(i % 251), UInt8(i % 7), 200, UInt8(i % 256)] }
        let image = RGBAImage(width: 300, height: 120, pixels: pixels)
        #expect(try RGBAImage.decodePNG(image.encodePNG()).get() == image)
    }

    @Test func inflatesFixedHuffmanZlib() {
        let stream: [UInt8] = [
            0x78, 0xda, 0x63, 0x60, 0x64, 0x62, 0x66, 0x61, 0x65, 0x63, 0xe7, 0xe0, 0xe4, 0xe2, 0xe6, 0xe1,
            0xe5, 0xe3, 0x17, 0x10, 0x14, 0x12, 0x16, 0x11, 0x15, 0x13, 0x97, 0x90, 0x94, 0x92, 0x96, 0x91,
            0x95, 0x93, 0x57, 0x50, 0x54, 0x52, 0x56, 0x51, 0x55, 0x53, 0x67, 0xa0, 0xb2, 0xba, 0x8c, 0xd4,
            0x9c, 0x9c, 0x7c, 0x05, 0x64, 0x32, 0x27, 0x31, 0x37, 0x33, 0x2f, 0x11, 0x4a, 0x01, 0x00, 0xc0,
            0x81, 0x14, 0xc5,
        ]
        let expected = Array((0..<3).flatMap { _ in (0..<40).map(UInt8.init) }) + Array("hello hello hello lamina lamina".utf8)
        #expect(Inflate.zlib(stream) == expected)
    }

    @Test func rejectsBrokenInputWithoutTrapping() {
        #expect(Inflate.zlib([]) == nil)
        #expect(Inflate.zlib([0x78, 0xda, 0xff, 0xff, 0xff]) == nil)
        #expect((try? RGBAImage.decodePNG([0x89, 0x50]).get()) == nil)
        let png = RGBAImage(width: 2, height: 2, pixels: [UInt8](repeating: 9, count: 16)).encodePNG()
        #expect((try? RGBAImage.decodePNG(Array(png.prefix(40))).get()) == nil)
    }
}
