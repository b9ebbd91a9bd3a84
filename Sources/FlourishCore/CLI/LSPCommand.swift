/// `flourish lsp`: the language server on standard input and output. Only protocol messages
/// go to standard output; they are written as soon as they are made.
enum LSPCommand {
    static func run(_ arguments: [String], _ context: Flourish.Context) throws(Invocation.UsageError) -> ExitCode {
        let invocation = try Invocation(arguments, flags: ["-h", "--help", "--stdio"], valued: ["--today"], command: "lsp")
        if invocation.flags.contains("-h") || invocation.flags.contains("--help") {
            context.stdout.write(HelpText.lsp)
            return .success
        }
        // The date completion offers as today: the clock's, or one given (recorded
        // conversations replay with the same dates).
        let fixed = try ReportCommand.parseDay(invocation.values["--today"], context)
        let server = LanguageServer(today: fixed.map { date in { date } } ?? context.today)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while server.exitStatus == nil {
            let count = chunk.withUnsafeMutableBytes { Platform.read(0, $0.baseAddress!, $0.count) }
            if count < 0 { continue }  // interrupted: read again
            if count == 0 { break }  // the client went away
            var received = Array(chunk[0..<count])
            // Whatever else has arrived meanwhile goes in the same batch (a `$/cancelRequest`
            // behind a slow request cancels it), up to a bound so answers keep flowing.
            while received.count < 1 << 24, Platform.hasInput(0) {
                let more = chunk.withUnsafeMutableBytes { Platform.read(0, $0.baseAddress!, $0.count) }
                if more <= 0 { break }
                received += chunk[0..<more]
            }
            let reply = server.receive(received)
            var written = 0
            while written < reply.count {
                let done = reply.withUnsafeBytes { Platform.write(1, $0.baseAddress! + written, $0.count - written) }
                if done <= 0 { return .ioError }
                written += done
            }
        }
        return server.exitStatus == 0 ? .success : .problems
    }
}
