import Foundation
import Testing
@testable import LaminaCommands

@Suite struct CheckDiscoveryTests {
    @Test(arguments: [
        ("clock.svg", true), ("clock.json", true), ("clock.expected.json", false),
        ("clock.expected.debug.svg", false), ("clock.actual.svg", false), ("lamina-check.json", false),
        (".hidden.svg", false), ("notes.txt", false), ("clock.json.expected.svg", false),
        // Extensions in any case, as `convert DIR` finds them: `ICON.SVG` was skipped silently.
        ("ICON.SVG", true), ("a.Json", true), ("ICON.EXPECTED.SVG", false), ("a.Actual.svg", false), ("LAMINA-CHECK.JSON", false),
    ])
    func inputNames(name: String, isInput: Bool) {
        #expect(CheckDiscovery.isInputName(name) == isInput)
    }

    @Test func goldenOwnership() {
        let names: Set<String> = ["a.svg", "a.json", "a.expected.json", "b.json", "b.expected.svg",
                                  "c.svg", "c.json", "c.json.expected.json"]
        #expect(CheckDiscovery.goldens(of: "a.svg", among: names) == ("a", [.json]))
        #expect(CheckDiscovery.goldens(of: "a.json", among: names).1.isEmpty)
        #expect(CheckDiscovery.goldens(of: "b.json", among: names) == ("b", [.svg]))
        #expect(CheckDiscovery.goldens(of: "c.json", among: names) == ("c.json", [.json]))
        #expect(CheckDiscovery.goldens(of: "c.svg", among: names).1.isEmpty)
    }

    /// An input whose extension is not lowercase has the goldens of its name, `ICON.SVG`
    /// `ICON.expected.*`, unless an input of that name sorts before it (`.svg` before other
    /// spellings, SVG before JSON), which keeps them.
    @Test func goldenOwnershipWithExtensionsInAnyCase() {
        let names: Set<String> = ["ICON.SVG", "ICON.expected.svg", "icon.svg", "icon.SVG", "icon.expected.json",
                                  "icon.SVG.expected.json", "d.JSON", "d.Svg", "d.expected.svg", "e.JSON", "e.expected.json"]
        #expect(CheckDiscovery.goldens(of: "ICON.SVG", among: names) == ("ICON", [.svg]))
        #expect(CheckDiscovery.goldens(of: "icon.svg", among: names) == ("icon", [.json]))
        #expect(CheckDiscovery.goldens(of: "icon.SVG", among: names) == ("icon.SVG", [.json]))
        #expect(CheckDiscovery.goldens(of: "d.Svg", among: names) == ("d", [.svg]))
        #expect(CheckDiscovery.goldens(of: "d.JSON", among: names) == ("d.JSON", []))
        #expect(CheckDiscovery.goldens(of: "e.JSON", among: names) == ("e", [.json]))
        #expect(CheckDiscovery.extensionSpellings.prefix(2) == ["svg", "SVG"])
        #expect(CheckDiscovery.extensionSpellings.count == 8 + 16)
    }

    /// `check DIR` found `a.svg` and skipped `B.SVG` beside its goldens silently (it reported
    /// them as goldens whose input is gone), and `check B.SVG --record` was `not a scene input`.
    @Test func scenesWithUppercaseExtensionsAreFound() throws {
        let box = try CheckSandbox()
        for name in ["a.svg", "B.SVG", "c.Json"] { try box.write(name, "x") }
        for golden in ["a.expected.json", "B.expected.json", "c.expected.svg"] { try box.write(golden, "x") }
        let scenes = try CheckDiscovery.scenes(in: [box.root]).get()
        #expect(scenes.map(\.name) == ["B.SVG", "a.svg", "c.Json"])
        #expect(scenes.map(\.goldenBase) == ["B", "a", "c"])
        #expect(scenes.allSatisfy { $0.unreadable == nil })
        let named = try CheckDiscovery.scenes(in: [box.root.appendingPathComponent("B.SVG")]).get()
        #expect(named.map(\.goldenBase) == ["B"])
    }

    @Test func relativeArgumentsStayRelativeInMessages() {
        #expect(CheckDiscovery.display(URL(fileURLWithPath: "Samples/")) == "Samples")
        #expect(CheckDiscovery.display(URL(fileURLWithPath: "/tmp/x")) == "/tmp/x")
        let scene = CheckScene(input: URL(fileURLWithPath: "Samples/clock.svg"), name: "clock.svg",
                               recordTarget: "Samples", goldenBase: "clock", kinds: [.json])
        #expect(scene.actual(.json, artifacts: nil).relativePath == "Samples/clock.actual.json")
        #expect(scene.actual(.svg, artifacts: URL(fileURLWithPath: "out")).relativePath == "out/clock.actual.svg")
    }

    /// Saved outputs stay inside `$LAMINA_CHECK_ARTIFACTS` whatever the scene's name: those of
    /// `lamina check ../scenes/clock.svg` went to `out/../scenes`, beside the artifacts folder.
    @Test(arguments: [
        ("../scenes/clock.svg", "out/scenes/clock.actual.json"), ("../../a/./b/clock.svg", "out/a/b/clock.actual.json"),
        ("/abs/scenes/clock.svg", "out/abs/scenes/clock.actual.json"), ("sub/clock.svg", "out/sub/clock.actual.json"),
    ])
    func savedOutputsStayInTheArtifactsFolder(name: String, saved: String) {
        let scene = CheckScene(input: URL(fileURLWithPath: name), name: name, recordTarget: "x",
                               goldenBase: "clock", kinds: [.json])
        #expect(scene.actual(.json, artifacts: URL(fileURLWithPath: "out")).relativePath == saved)
    }

    @Test func scenesAreSortedAcrossFolders() throws {
        let box = try CheckSandbox()
        for name in ["b/z.svg", "a.svg", "b/a.svg", "c.json"] {
            try box.write(name, "x")
            try box.write((name as NSString).deletingPathExtension + ".expected.json", "x")
        }
        try box.write(".git/hidden.svg", "x")
        try box.write(".git/hidden.expected.json", "x")
        let scenes = try CheckDiscovery.scenes(in: [box.root]).get()
        #expect(scenes.map(\.name) == ["a.svg", "b/a.svg", "b/z.svg", "c.json"])
        #expect(scenes.map(\.recordTarget) == [box.root.path, box.root.path + "/b", box.root.path + "/b", box.root.path])
    }

    @Test(arguments: [
        ("Samples", "Samples"), ("scenes/ünï", "scenes/ünï"), ("/tmp/a-b_c.d", "/tmp/a-b_c.d"),
        ("scenes/with space", "'scenes/with space'"), ("it's", #"'it'\''s'"#), ("$HOME/*", "'$HOME/*'"), ("", "''"),
    ])
    func recordHintsQuoteWhatAShellWouldSplit(path: String, word: String) {
        #expect(CheckScene.shellWord(path) == word)
    }

    @Test func recordHintOfAFolderWithASpaceCanBePasted() async throws {
        let box = try CheckSandbox()
        try ClockOutputs.install(in: box, dir: "with space")
        try box.remove("with space/clock.expected.svg")
        let report = await box.run(ClockOutputs.outputs())
        #expect(report.text.contains(
            "missing golden clock.expected.svg; run `lamina check '\(box.root.path)/with space' --record` to write it\n"))
    }

    @Test func aParentFoldersConfigAppliesHoweverTheSceneIsNamed() throws {
        let box = try CheckSandbox()
        try box.write("lamina-check.json", #"{"kinds": ["json", "svg"], "size": [400, 300]}"#)
        try box.write("sub/a.svg", "<svg/>")
        try box.write("sub/a.expected.json", "{}")
        let sub = box.root.appendingPathComponent("sub")
        for arguments in [[box.root], [sub], [sub.appendingPathComponent("a.svg")]] {
            let scenes = try CheckDiscovery.scenes(in: arguments).get()
            #expect(scenes.map(\.kinds) == [[.json, .svg]], "\(arguments)")
            #expect(scenes.map(\.size) == [[400, 300]], "\(arguments)")
        }
    }

    @Test func theRepositoryRootEndsTheLookup() throws {
        let box = try CheckSandbox()
        try box.write("lamina-check.json", #"{"kinds": ["json"]}"#)
        try box.write("repo/.git/HEAD", "ref: refs/heads/main")
        try box.write("repo/a.svg", "<svg/>")
        let scenes = try CheckDiscovery.scenes(in: [box.root.appendingPathComponent("repo/a.svg")]).get()
        #expect(scenes.map(\.kinds) == [[.json, .svg, .debugSVG]])
    }
}
