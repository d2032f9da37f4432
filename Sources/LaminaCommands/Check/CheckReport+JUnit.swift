extension CheckReport {
    /// The report as JUnit XML: one `testsuite` named `lamina check`, one `testcase` per scene,
    /// the structural diff as the `failure` text. Deterministic (no timestamps or durations).
    package var junitXML: String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let failures = failure == nil ? failedCount : 1
        let tests = failure == nil ? scenes.count : 1
        out += "<testsuites name=\"lamina check\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\">\n"
        out += "  <testsuite name=\"lamina check\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
        if let failure {
            out += "    <testcase classname=\"lamina check\" name=\"discover scenes\">\n"
            out += "      <failure message=\"\(Self.escape(failure.message))\" type=\"error\"></failure>\n"
            out += "    </testcase>\n"
        }
        for result in scenes {
            let name = Self.escape(result.scene.name)
            let body = Self.escape(result.details.joined(separator: "\n"), attribute: false)
            switch result.status {
            case .failed:
                let first = Self.escape(result.details.first ?? "failed")
                out += "    <testcase classname=\"lamina check\" name=\"\(name)\">\n"
                out += "      <failure message=\"\(first)\" type=\"golden-mismatch\">\(body)</failure>\n"
                out += "    </testcase>\n"
            case .passed, .recorded:
                if result.details.isEmpty {
                    out += "    <testcase classname=\"lamina check\" name=\"\(name)\"/>\n"
                } else {
                    out += "    <testcase classname=\"lamina check\" name=\"\(name)\">\n"
                    out += "      <system-out>\(body)</system-out>\n"
                    out += "    </testcase>\n"
                }
            }
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    /// `text` escaped for XML content and attribute values; characters XML 1.0 forbids become U+FFFD.
    static func escape(_ text: String, attribute: Bool = true) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += attribute ? "&#10;" : "\n"
            case "\t": out += attribute ? "&#9;" : "\t"
            case "\r": out += "&#13;"
            default:
                let v = scalar.value
                if v < 0x20 || v == 0xFFFE || v == 0xFFFF {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
