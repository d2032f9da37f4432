import Foundation
import Testing
@testable import LaminaCommands
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Collects what the JUnit parser saw.
private final class JUnitCollector: NSObject, XMLParserDelegate {
    var testcases: [String] = []
    var suite: [String: String] = [:]
    var failureMessages: [String] = []
    var failureText = ""
    var inFailure = false

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        switch name {
        case "testsuite": suite = attributes
        case "testcase": testcases.append(attributes["name"] ?? "")
        case "failure": failureMessages.append(attributes["message"] ?? ""); inFailure = true
        default: break
        }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "failure" { inFailure = false }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inFailure { failureText += string }
    }
}

@Suite struct CheckReportJUnitTests {
    @Test func junitParsesWithOneTestcasePerScene() async throws {
        let box = try CheckSandbox()
        try ClockOutputs.install(in: box, name: "a&b")
        try ClockOutputs.install(in: box, name: "z")
        var outputs = ClockOutputs.outputs("a&b.svg", json: ClockOutputs.json.replacingOccurrences(
            of: ##""backgroundColor": "#f4f1ea""##, with: #""backgroundColor": "<red>""#))
        outputs.merge(ClockOutputs.outputs("z.svg")) { a, _ in a }
        let report = await box.run(outputs)
        #expect(report.exitCode == 1)

        let parser = XMLParser(data: Data(report.junitXML.utf8))
        let collector = JUnitCollector()
        parser.delegate = collector
        #expect(parser.parse())
        #expect(collector.testcases == ["a&b.svg", "z.svg"])
        #expect(collector.suite["tests"] == "2")
        #expect(collector.suite["failures"] == "1")
        #expect(collector.failureMessages == ["a&b.expected.json: 1 difference"])
        #expect(collector.failureText.contains(##"layer "face" key "backgroundColor": "#f4f1ea" -> "<red>""##))
    }

    @Test func junitWrittenByEmit() async throws {
        let box = try CheckSandbox()
        try ClockOutputs.install(in: box)
        let report = await box.run(ClockOutputs.outputs())
        let junit = box.root.appendingPathComponent("reports-junit.xml")
        var printed = ""
        #expect(report.emit(junit: junit, standardOutput: { printed += $0 }, standardError: { printed += $0 }) == 0)
        #expect(printed == report.text)
        #expect(box.read("reports-junit.xml") == report.junitXML)
        #expect(report.junitXML.contains(#"<testcase classname="lamina check" name="clock.svg"/>"#))
    }

    @Test func escapeReplacesMarkupAndForbiddenCharacters() {
        #expect(CheckReport.escape("a<b>&\"c'\u{1}") == "a&lt;b&gt;&amp;&quot;c&apos;\u{FFFD}")
        #expect(CheckReport.escape("x\ny", attribute: false) == "x\ny")
        #expect(CheckReport.escape("x\ny") == "x&#10;y")
    }
}
