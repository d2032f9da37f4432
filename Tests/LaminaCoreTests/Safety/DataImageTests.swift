import LaminaCore
import Testing

/// Embedded images whose `data:` URL has no `image/` media type (Illustrator and old Inkscape
/// write `data:;base64,…`): kept as `data:image/…` when their bytes are a raster image.
@Suite struct DataImageTests {
    static let png = "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAFElEQVR4nGO8IyfHAANMDEgANwcAOHIBIO1BLLkAAAAASUVORK5CYII="
    static let jpeg = "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP"
    static let gif = "R0lGODlhAQABAIAAAP///wAAACwAAAAAAQABAAACAkQBADs="
    static let webp = "UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAQAcJaQAA3AA/vuUAAA="

    @Test(arguments: [
        ("data:image/png;base64,\(png)", "data:image/png;base64,\(png)"),
        ("  data:image/svg+xml;utf8,<svg/>", "data:image/svg+xml;utf8,<svg/>"),
        ("data:;base64,\(png)", "data:image/png;base64,\(png)"),
        ("DATA:;BASE64,\(png)", "data:image/png;base64,\(png)"),
        ("data:text/plain;base64,\(jpeg)", "data:image/jpeg;base64,\(jpeg)"),
        ("data:application/octet-stream;base64,\(gif)", "data:image/gif;base64,\(gif)"),
        ("data:;base64,\(webp)", "data:image/webp;base64,\(webp)"),
        ("data: image/png;base64,\(png)", "data:image/png;base64,\(png)"),
        ("data:;base64,iVBO Rw0K GgoA AAAN", "data:image/png;base64,iVBO Rw0K GgoA AAAN"),
    ])
    func rasterBytesAreKeptAsImages(href: String, written: String) {
        #expect(MarkupSafety.imageDataURL(href) == written)
    }

    /// Anything else stays out: other files, text and markup, and bytes that are no raster image.
    @Test(arguments: [
        "http://example.com/a.png", "a.png", "#frag", "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
        "data:text/html,<script>alert(1)</script>", "data:;base64,PHN2ZyB4bWxucz0i", "data:,hello", "data:;base64",
        "data:;base64,*notbase64*", "javascript:alert(1)",
    ])
    func otherURLsAreDropped(href: String) {
        #expect(MarkupSafety.imageDataURL(href) == nil)
    }
}
