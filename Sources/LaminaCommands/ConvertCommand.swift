import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LaminaCore

/// `lamina convert IN... [-o OUT | --output-dir DIR] [--to json|svg|debug]` (SPEC §2).
package struct ConvertCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert SVG or layer JSON to layer JSON, flattened SVG or debug SVG.",
        discussion: """
            One input: written to -o OUT (format from --to, else from OUT's extension), or to standard \
            output as JSON. Several inputs or a directory: written to --output-dir with --jobs in parallel, \
            in input order; one bad file reports its error and the rest go on; the exit status is the worst.
            """
    )

    @Argument(help: "SVG or layer JSON files, directories (searched recursively), or - for standard input.")
    var inputs: [String]

    @Option(name: .shortAndLong, help: "Output file for a single input (- for standard output).")
    var output: String?

    @Option(name: .long, help: "Output folder for several inputs or a directory.")
    var outputDir: String?

    @Option(name: .long, help: "Output format (default: by OUT's extension; json on standard output, svg in a batch).")
    var to: OutputFormat?

    @Option(name: .long, help: "Files converted at once in a batch (default: the number of cores).")
    var jobs: Int?

    @Flag(name: .long, help: "Write one g per layer (structure kept) instead of a flat list.")
    var keepGroups = false

    @OptionGroup var size: SizeOption
    @OptionGroup var debug: DebugOptions

    package init() {}

    package func validate() throws {
        if inputs.isEmpty { throw ValidationError("convert needs at least one input") }
        if output != nil && outputDir != nil { throw ValidationError("use either -o or --output-dir, not both") }
        // Outputs are `DIR/NAME`: an empty DIR put them at the root of the file system (`/icon.svg`).
        if outputDir == "" { throw ValidationError("--output-dir needs a folder name (. for the current folder)") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    }

    var options: Pipeline.Options {
        var o = Pipeline.Options()
        o.size = size.value
        o.keepGroups = keepGroups
        o.debug = debug.value
        return o
    }

    package func run() async throws {
        let isBatch = outputDir != nil || inputs.count > 1
            || inputs.contains { $0 != "-" && FileIO.isDirectory($0) }
        if !isBatch {
            try withExitStatus { () throws(CommandError) in try convertOne() }
            return
        }
        // An output in a folder is named after its input, and standard input has no name:
        // `convert - --output-dir out` wrote `out/-.svg`.
        if inputs.contains("-") {
            FileIO.printError(UsageError.prefix + "standard input (-) has no name for an output in --output-dir; "
                + "convert it alone: lamina convert - -o OUT")
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        guard let outputDir else {
            // `convert icons -o out.svg` has one input, a folder: "several inputs" did not say so.
            let what = inputs.count == 1 ? "'\(inputs[0])' is a folder: its files need" : "several inputs need"
            FileIO.printError(UsageError.prefix + what + " --output-dir DIR")
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        Self.warnIgnoredOptions(options, format: to ?? .svg)
        let batch = Batch(
            inputs: inputs, outputDir: outputDir, format: to ?? .svg, options: options,
            jobs: jobs ?? WorkSplit.processorCount)
        let status = await batch.run()
        if status != .success { throw ExitCode(status.rawValue) }
    }

    func convertOne() throws(CommandError) {
        try Self.convertOne(inputs[0], to: output, as: to, options: options)
    }

    /// Converts one input to `output` (standard output as JSON when nil), in `format` or the
    /// one `output`'s extension names. An output that is the input itself (by path or through
    /// a link) is refused, as in a batch.
    static func convertOne(
        _ input: String, to output: String?, as format: OutputFormat?, options: Pipeline.Options
    ) throws(CommandError) {
        let out = output ?? "-"
        guard let format = format ?? (out == "-" ? .json : OutputFormat.from(path: out)) else {
            if FileIO.isDirectory(out) {
                throw CommandError(.usage, "lamina: error: '\(out)' is a directory; name an output file, or write into it with --output-dir \(out)")
            }
            throw CommandError(.usage, "lamina: error: cannot tell the output format of '\(out)'; use --to json|svg|debug")
        }
        warnIgnoredOptions(options, format: format)
        let bytes = try FileIO.read(input, threads: options.split.threads)
        try FileIO.checkNotOverwriting(input: input, output: out)
        warnNameMismatch(format, path: out)
        try Pipeline.convert(consume bytes, file: input, as: format, options: options, to: out) {
            FileIO.printDiagnostics($0, file: input)
        }
    }
}

extension ConvertCommand {
    /// Options the output format does not use are named on standard error: `--keep-groups`
    /// shapes SVG, `--only`, `--no-labels` and `--hit` the debug overlay, and the command went
    /// on without them silently (`convert in.svg -o out.json --keep-groups`).
    static func warnIgnoredOptions(_ options: Pipeline.Options, format: OutputFormat) {
        var ignored: [String] = []
        if options.keepGroups, format == .json { ignored.append("--keep-groups") }
        if format != .debug {
            if options.debug.only != nil { ignored.append("--only") }
            if !options.debug.labels { ignored.append("--no-labels") }
            if options.debug.hit != nil { ignored.append("--hit") }
        }
        guard !ignored.isEmpty else { return }
        let output = format == .json ? "layer JSON" : "a flattened SVG"
        FileIO.printError("lamina: warning: \(ignored.joined(separator: ", ")) ignored: the output is \(output)")
    }
}

extension ConvertCommand {
    /// An output whose name says layer JSON and gets SVG, or the other way round, is named on
    /// standard error (`convert in.svg -o x.json --to svg`, `layout in.svg --size W H -o
    /// out.svg`, `debug in.svg -o out.json`): the file is written as asked, but a viewer or a
    /// later `lamina` run picks its reader by that name. A debug SVG in a `.svg` is no mismatch.
    static func warnNameMismatch(_ format: OutputFormat, path: String) {
        guard path != "-", let named = OutputFormat.from(path: path), (named == .json) != (format == .json) else { return }
        let written = switch format {
        case .json: "layer JSON"
        case .svg: "a flattened SVG"
        case .debug: "a debug SVG"
        }
        let expected = named == .json ? "layer JSON" : "SVG"
        FileIO.printError("lamina: warning: writing \(written) to '\(TerminalText.printable(path))', a name for \(expected)")
    }
}

extension OutputFormat: ExpressibleByArgument {}
