import Foundation
import Testing

/// A command the hostile suite runs on every fixture.
enum HostileCommand: String, CaseIterable, Sendable {
    case convertJSON, convertSVG, debug, inspect, layout, check

    /// The output file the command writes (nil: standard output or goldens).
    var output: String? {
        switch self {
        case .convertJSON: "out.json"
        case .convertSVG: "out.svg"
        case .debug: "out.debug.svg"
        case .layout: "laid.json"
        case .inspect, .check: nil
        }
    }

    /// The arguments for input `name`.
    func arguments(_ name: String) -> [String] {
        switch self {
        case .convertJSON: ["convert", name, "-o", "out.json"]
        case .convertSVG: ["convert", name, "-o", "out.svg"]
        case .debug: ["debug", name, "-o", "out.debug.svg"]
        case .inspect: ["inspect", name]
        case .layout: ["layout", name, "--size", "50", "40", "-o", "laid.json"]
        case .check: ["check", "scenes", "--record"]
        }
    }
}

/// One row of the hostile table: a fixture, a command, and what must happen.
struct HostileCase: Sendable, CustomTestStringConvertible {
    var fixture: String
    var command: HostileCommand
    /// The exit status (65 for bad input; `check` reports a scene it cannot load as a failure, 1).
    var status: Int32
    /// Text that must appear in the diagnostics (stderr, or stdout for `check`); empty: none required.
    var fragment: String

    var testDescription: String { "\(fixture) \(command.rawValue) → \(status)" }
}

/// The expected outcome of every fixture: exit status for the pipeline commands and a
/// diagnostic fragment (`FILE:LINE:COL: error: …` for rejected inputs, a named warning else).
enum HostileTable {
    static let outcomes: [String: (status: Int32, fragment: String)] = [
        "active-content.svg": (0, "active-content.svg:2:3: warning: 'script' dropped"),
        "bad-constraint.svg": (65, "bad-constraint.svg:2:3: error: constraint 'midX = = superlayer.<script>'"),
        "billion-laughs.svg": (65, "billion-laughs.svg:1:7: error: entity expansion refused"),
        "binary-junk.svg": (65, "binary-junk.svg:1:1: error: not an XML document"),
        "constraint-cycle.svg": (0, "warning: constraint cycle: a.midX → b.midX → a.midX"),
        "constraint-overflow.svg": (65, "constraint-overflow.svg:2:3: error: constraint 'height = superlayer.height * 1e400'"),
        "control-chars.json": (0, ""),
        "control-char-colors.json": (
            65, "control-char-colors.json:2:60: error: root.sublayers[0].backgroundColor: invalid color '#00f\\u{B}'"
        ),
        "empty.svg": (65, "empty.svg:1:1: error: empty document"),
        "external-dtd.svg": (0, ""),
        "external-entity.svg": (65, "external-entity.svg:7:18: error: malformed XML: Entity 'secret' not defined"),
        "hostile-css.svg": (0, "warning: '@import url(\"http://evil.example/x.css\")' ignored"),
        "invalid-utf8.json": (65, "invalid-utf8.json:1:64: error: invalid UTF-8"),
        "invalid-utf8.svg": (65, "invalid-utf8.svg:1:74: error: invalid character data"),
        "lone-surrogate.json": (65, "lone-surrogate.json:1:61: error: root.name: unpaired surrogate"),
        "markup-names.json": (0, "markup-names.json:1:689: warning: verbatim content of layer 'verbatim2' dropped: not well-formed XML"),
        "markup-colors.json": (
            65, "markup-colors.json:2:48: error: root.sublayers[0].backgroundColor: invalid color 'red\"/><script>alert(3)</script>"
        ),
        "markup-names.svg": (0, ""),
        "missing-reference.svg": (0, "missing-reference.svg:2:3: warning: 'use' references missing element '#nowhere'; skipped"),
        "negative-size.json": (0, ""),
        "negative-size.svg": (0, ""),
        "not-svg-root.svg": (65, "not-svg-root.svg:2:1: error: root element is 'html'"),
        "number-infinity.json": (65, "number-infinity.json:1:89: error: root.opacity: NaN and Infinity are not allowed"),
        "number-nan.json": (65, "number-nan.json:1:69: error: root.bounds[2]: NaN and Infinity are not allowed"),
        "number-overflow.json": (65, "number-overflow.json:1:69: error: root.bounds[2]: number 1e400 is out of range"),
        "numbers.svg": (0, "numbers.svg:2:3: warning: invalid transform 'translate(NaN NaN)"),
        "parameter-entity.svg": (65, "parameter-entity.svg:4:8: error: malformed XML: PEReference: %ext; not found"),
        "singular-transform.json": (0, ""),
        "svg-without-namespace.svg": (65, "svg-without-namespace.svg:1:1: error: root element is 'svg' with no namespace"),
        "trailing-garbage.svg": (0, ""),
        "truncated.json": (65, "truncated.json:1:87: error: root.bounds: unexpected end of input"),
        "truncated.svg": (65, "truncated.svg:1:119: error: document is truncated"),
        "unclosed-style.svg": (0, ""),
        "use-cycle.svg": (0, "use-cycle.svg:7:3: warning: 'use' of '#self' is part of a reference cycle; skipped"),
        "use-of-foreign.svg": (0, "use-of-foreign.svg:2:9: warning: 'foreignObject' dropped"),
        "whitespace.svg": (65, "whitespace.svg:1:1: error: empty document"),
        "gen-deep-nesting.svg": (65, "gen-deep-nesting.svg:1:?: error:"),
        "gen-nesting-250.svg": (0, ""),
        "gen-deep-100000.json": (65, "gen-deep-100000.json:1:?: error:"),
        "gen-deep-arrays.json": (65, "gen-deep-arrays.json:1:?: error:"),
        "gen-deep-3000.json": (0, ""),
        "gen-long-path.svg": (0, ""),
        "gen-var-blowup.svg": (0, ""),
        "gen-var-unique.svg": (0, ""),
        "gen-use-chain-1000.svg": (0, ""),
        "gen-use-chain-50000.svg": (
            65, "gen-use-chain-50000.svg:1:?: error: 'use' instancing would nest elements more than 1000 levels deep"
        ),
        "gen-siblings.svg": (0, ""),
        "gen-siblings.json": (0, ""),
        "gen-huge-selector.svg": (0, ""),
        "gen-transform-copies.svg": (0, ""),
        "gen-quadratic-blowup.svg": (65, "gen-quadratic-blowup.svg:1:?: error:"),
    ]

    /// Every (fixture, command) pair with its expectation.
    static let cases: [HostileCase] = outcomes.keys.sorted().flatMap { fixture -> [HostileCase] in
        guard let (status, fragment) = outcomes[fixture] else { return [] }
        return HostileCommand.allCases.map { command in
            command == .check
                ? HostileCase(fixture: fixture, command: command, status: status == 65 ? 1 : 0,
                              fragment: status == 65 ? fragment : "recorded \(fixture)")
                : HostileCase(fixture: fixture, command: command, status: status, fragment: fragment)
        }
    }
}
