import LaminaCommands
import Testing

/// `PathText`: `NSString`'s path operations, without Foundation.
@Suite struct PathTextTests {
    @Test(arguments: [
        ("a/b.svg", "b.svg"), ("b.svg", "b.svg"), ("/", "/"), ("", ""), ("a//b/", "b"), ("/b", "b"),
    ])
    func lastComponent(_ path: String, _ expected: String) {
        #expect(PathText.lastComponent(path) == expected)
    }

    @Test(arguments: [
        ("a/b.svg", "a"), ("b.svg", ""), ("/b", "/"), ("/", "/"), ("", ""), ("a/b/", "a"), ("a//b//c", "a/b"),
    ])
    func deletingLastComponent(_ path: String, _ expected: String) {
        #expect(PathText.deletingLastComponent(path) == expected)
    }

    @Test(arguments: [
        ("a/b.c.svg", "a/b.c"), ("b.svg", "b"), (".hidden", ".hidden"), ("a.d/b", "a.d/b"), ("x.", "x"),
        ("..", ".."), ("/", "/"), ("dir/.svg", "dir/.svg"),
    ])
    func deletingExtension(_ path: String, _ expected: String) {
        #expect(PathText.deletingExtension(path) == expected)
    }

    @Test func trimmingWhitespace() {
        #expect(" \t 1.5\u{00A0} ".trimmingWhitespace() == "1.5")
        #expect("\n x \n".trimmingWhitespace() == "\n x \n")
        #expect("\n x \r\n\u{2028}".trimmingWhitespace(newlines: true) == "x")
        #expect("   ".trimmingWhitespace() == "")
    }
}
