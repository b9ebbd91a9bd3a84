/// The words after a command name, split into options and operands.
struct Invocation {
    var flags: Set<String> = []
    var values: [String: String] = [:]
    /// Every value of each valued option, for options that may be repeated.
    var repeated: [String: [String]] = [:]
    var operands: [String] = []

    /// A problem with the command line, shown as `Error: …` followed by the usage.
    struct UsageError: Error {
        var message: String
    }

    /// Splits `arguments` given the options the command knows. `--` ends the options.
    init(_ arguments: [String], flags known: [String], valued: [String] = [], command: String) throws(UsageError) {
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            // A negative amount (`-12.50`, a refund) is an operand, not an option.
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" || Self.isNegativeNumber(argument) {
                operands.append(argument)
                continue
            }
            if argument == "--" { optionsEnded = true; continue }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            // hledger's short options, wherever the command has the long one.
            if let long = Self.shortForms[name], known.contains(long) || valued.contains(long) { name = long }
            if known.contains(name), inlineValue == nil {
                flags.insert(name)
            } else if valued.contains(name) {
                if let inlineValue {
                    values[name] = inlineValue
                    repeated[name, default: []].append(inlineValue)
                } else if index < arguments.count {
                    values[name] = arguments[index]
                    repeated[name, default: []].append(arguments[index])
                    index += 1
                } else {
                    throw UsageError(message: "missing value for option '\(name)'")
                }
            } else {
                var message = "unknown option '\(name)' for '\(command)'"
                if let suggestion = Self.suggestion(for: name, among: valued + known) {
                    message += "\nDid you mean '\(suggestion)'?"
                }
                throw UsageError(message: message)
            }
        }
    }

    /// Short options as ledger and hledger spell them, and the long option each stands for.
    static let shortForms = [
        "-f": "--file", "-p": "--period", "-b": "--begin", "-e": "--end",
        "-M": "--monthly", "-Q": "--quarterly", "-Y": "--yearly",
    ]

    /// The option meant by a mistyped one: for a one-letter option, the long option that
    /// begins with its letter (`-f` → `--file`, as ledger users type it) or the same letter in
    /// the other case, never another letter; otherwise the closest by spelling.
    static func suggestion(for name: String, among options: [String]) -> String? {
        if name.count == 2, name.hasPrefix("-"), name != "--" {
            return options.first { $0.hasPrefix("--" + name.dropFirst()) }
                ?? options.first { $0.count == 2 && $0.lowercased() == name.lowercased() }
        }
        return Suggestion.closest(to: name, among: options)
    }

    /// `-12`, `-0.50`, `-.5`: a minus sign followed by a digit or a decimal point and a digit.
    static func isNegativeNumber(_ argument: String) -> Bool {
        let bytes = Array(argument.utf8)
        guard bytes.count >= 2, bytes[0] == UInt8(ascii: "-") else { return false }
        if ByteClass.isDigit(bytes[1]) { return true }
        return bytes.count >= 3 && bytes[1] == UInt8(ascii: ".") && ByteClass.isDigit(bytes[2])
    }

    /// The `--format` asked for, one of `Format`'s cases; `fallback` when none is.
    func format<Format: RawRepresentable & CaseIterable>(default fallback: Format) throws(UsageError) -> Format where Format.RawValue == String {
        guard let name = values["--format"] else { return fallback }
        guard let chosen = Format(rawValue: name) else {
            throw UsageError(message: "unknown format '\(name)'; use one of: " + Format.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return chosen
    }
}
