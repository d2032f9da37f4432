import LaminaExport

/// The common one-file `convert` and `debug` command lines, run without ArgumentParser.
///
/// ArgumentParser builds its option tables by reflection on every run, which costs several
/// milliseconds of start-up, more than converting a small file. A command line made only of
/// `convert IN [-o OUT] [--to FORMAT] [--keep-groups] [--only PATH] [--no-labels]` or
/// `debug IN [-o OUT] [--only PATH] [--no-labels]` (each option at most once, values not
/// starting with `-` except `-` itself) runs here with the same code and the same results;
/// anything else (help, errors, batches, `--size`, `--hit`, directories) goes to ArgumentParser.
package enum FastCommand {
    /// One parsed command line.
    package struct Parsed: Equatable {
        package var command: String
        package var input: String
        package var output: String?
        package var format: OutputFormat?
        package var keepGroups = false
        package var only: String?
        package var labels = true

        package init(
            command: String, input: String, output: String? = nil, format: OutputFormat? = nil,
            keepGroups: Bool = false, only: String? = nil, labels: Bool = true
        ) {
            self.command = command
            self.input = input
            self.output = output
            self.format = format
            self.keepGroups = keepGroups
            self.only = only
            self.labels = labels
        }
    }

    /// Runs `arguments` (without the program name) when they are a simple one-file command:
    /// the exit status, or nil when ArgumentParser must handle them.
    package static func run(_ arguments: [String]) -> Int32? {
        guard let parsed = parse(arguments) else { return nil }
        if parsed.command == "convert" && parsed.input != "-" && FileIO.isDirectory(parsed.input) { return nil }
        var options = Pipeline.Options()
        options.keepGroups = parsed.keepGroups
        options.debug = DebugOptions.options(only: parsed.only, labels: parsed.labels)
        // One file, then the process ends: its exit frees the scene.
        options.freesScene = false
        do throws(CommandError) {
            if parsed.command == "debug" {
                try DebugCommand.write(parsed.input, to: parsed.output ?? "-", options: options)
            } else {
                try ConvertCommand.convertOne(parsed.input, to: parsed.output, as: parsed.format, options: options)
            }
        } catch {
            FileIO.printError(error.description)
            return error.status.rawValue
        }
        return ExitStatus.success.rawValue
    }

    /// The command line's parts, or nil when it is not one `run` handles.
    package static func parse(_ arguments: [String]) -> Parsed? {
        guard let command = arguments.first, command == "convert" || command == "debug" else { return nil }
        var parsed = Parsed(command: command, input: "")
        var inputs = 0
        var seen: Set<String> = []
        var i = 1
        while i < arguments.count {
            let token = arguments[i]
            i += 1
            guard token.hasPrefix("-") && token != "-" else {
                // "help" would be ArgumentParser's help subcommand in some positions.
                if token == "help" { return nil }
                parsed.input = token
                inputs += 1
                continue
            }
            guard seen.insert(token).inserted else { return nil }
            switch token {
            case "--keep-groups" where command == "convert": parsed.keepGroups = true
            case "--no-labels": parsed.labels = false
            case "-o", "--output", "--to", "--only":
                guard i < arguments.count, !arguments[i].hasPrefix("-") || arguments[i] == "-" else { return nil }
                let value = arguments[i]
                i += 1
                switch token {
                case "--to":
                    guard command == "convert", let format = OutputFormat(rawValue: value) else { return nil }
                    parsed.format = format
                case "--only": parsed.only = value
                default:
                    // -o and --output name the same option.
                    guard parsed.output == nil else { return nil }
                    parsed.output = value
                }
            default: return nil
            }
        }
        return inputs == 1 ? parsed : nil
    }
}
