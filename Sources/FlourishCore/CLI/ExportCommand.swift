/// `flourish export ledger|beancount|csv [FILE…]`: write the ledger in another tool's format.
enum ExportCommand {
    static func run(_ arguments: [String], _ context: Flourish.Context) throws(Invocation.UsageError) -> ExitCode {
        let invocation = try Invocation(arguments, flags: ["-h", "--help"], valued: ["--allow-include", "--file"], command: "export")
        let context = context.including(invocation)
        if invocation.flags.contains("-h") || invocation.flags.contains("--help") {
            context.stdout.write(HelpText.export)
            return .success
        }
        let targets = Exporter.Target.allCases.map(\.rawValue)
        guard let word = invocation.operands.first else {
            throw Invocation.UsageError(message: "export to what? One of: " + targets.joined(separator: ", "))
        }
        guard let target = Exporter.Target(rawValue: word) else {
            var message = "unknown export format '\(word)'"
            if let suggestion = Suggestion.closest(to: word, among: targets) { message += "\nDid you mean '\(suggestion)'?" }
            throw Invocation.UsageError(message: message)
        }
        let paths = try context.ledgerPaths(invocation, Array(invocation.operands.dropFirst()), command: "export \(word)")
        switch context.loadValidLedger(paths, then: "export again") {
        case .success(let journal): Exporter.export(journal, as: target, to: context.stdout)
        case .failure(let stop): return stop.code
        }
        return .success
    }
}
