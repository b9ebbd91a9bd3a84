#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `flourish lsp`: the language server on standard input and output. Only protocol messages
/// go to standard output; they are written as soon as they are made. The end of standard
/// input (or a read error) ends the server: exit status 0 after `shutdown`, 1 otherwise,
/// with a line on standard error saying why.
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
        // A check is abandoned while more of the client's messages wait to be read.
        server.newInputWaiting = { Platform.hasInput(0) }
        // Replies leave before a check of the changes ahead of them (a completion typed while
        // the ledger is checked is not kept waiting for it).
        var writeFailure: Int32?
        func write(_ bytes: [UInt8]) {
            guard writeFailure == nil else { return }
            writeFailure = bytes.withView { Platform.writeAll(1, $0) }
        }
        server.send = { write($0) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        // While a check runs on another thread, what arrives is read as it comes (a keystroke's
        // change and its completion are taken at once); nil at the end of input or an error,
        // which the reading below then meets and reports.
        server.awaitInput = { milliseconds in
            guard Platform.hasInput(0, within: milliseconds) else { return [] }
            let count = Platform.read(0, into: &chunk)
            if count > 0 { return Array(chunk[0..<count]) }
            return count < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) ? [] : nil
        }
        /// One read of standard input: bytes, nil at its end or on an error (said on stderr).
        /// Interrupted reads are read again; a non-blocking input is waited on, never spun on.
        func readInput() -> Int? {
            while true {
                let count = Platform.read(0, into: &chunk)
                if count > 0 { return count }
                if count == 0 {
                    if server.exitStatus == nil {
                        context.stderr.write("flourish lsp: standard input ended before the client sent `exit`\n")
                    }
                    return nil
                }
                let failure = errno
                if failure == EINTR { continue }
                if failure == EAGAIN || failure == EWOULDBLOCK, Platform.waitForInput(0) { continue }
                context.stderr.write("flourish lsp: cannot read standard input: \(String(cString: strerror(failure)))\n")
                return nil
            }
        }
        while server.exitStatus == nil {
            guard let count = readInput() else { return server.isShutDown ? .success : .problems }
            var received = Array(chunk[0..<count])
            // Whatever else has arrived meanwhile goes in the same batch (a `$/cancelRequest`
            // behind a slow request cancels it), up to a bound so answers keep flowing.
            while received.count < 1 << 24, Platform.hasInput(0) {
                let more = Platform.read(0, into: &chunk)
                if more <= 0 { break }
                received += chunk[0..<more]
            }
            write(server.receive(received))
            // Messages that waited for the check, which came before anything still to be read,
            // and changes that came in during it: checked now unless more input waits (they
            // are checked with it).
            while server.exitStatus == nil, writeFailure == nil,
                  server.hasHeldMessages || server.hasUncheckedChanges && !Platform.hasInput(0) {
                write(server.receive([]))
            }
            if let failure = writeFailure {
                context.stderr.write("flourish lsp: cannot write standard output: \(String(cString: strerror(failure)))\n")
                return .ioError
            }
        }
        return server.exitStatus == 0 ? .success : .problems
    }
}
