/// `flourish fmt [--check] [FILE…]`: rewrite files canonically, atomically.
enum FormatCommand {
    static func run(_ arguments: [String], _ context: Flourish.Context) throws(Invocation.UsageError) -> ExitCode {
        let invocation = try Invocation(arguments, flags: ["--check", "-h", "--help"], command: "fmt")
        if invocation.flags.contains("-h") || invocation.flags.contains("--help") {
            context.stdout.write(HelpText.fmt)
            return .success
        }
        let checkOnly = invocation.flags.contains("--check")
        let paths = try context.ledgerPaths(invocation.operands, command: "fmt")
        var status = ExitCode.success
        var wouldChange = 0
        for path in paths {
            let bytes: [UInt8]
            do {
                bytes = try FileSystem.read(path)
            } catch {
                status = context.cannotRead(error)
                continue
            }
            let result = Formatter.format(SourceFile(path: path, bytes: bytes))
            guard let formatted = result.formatted else {
                let renderer = DiagnosticRenderer(files: [result.file], colour: context.colour)
                context.stderr.write(renderer.render(result.diagnostics))
                context.stderr.write("\(path): not formatted: it has syntax errors\n")
                if status == .success { status = .problems }
                continue
            }
            let output = Array(formatted.utf8)
            guard output != bytes else { continue }
            if checkOnly {
                context.stdout.write("would reformat \(path)\n")
                wouldChange += 1
                continue
            }
            do {
                try FileSystem.writeAtomically(path, output)
                context.stdout.write("reformatted \(path)\n")
            } catch {
                context.stderr.write("Error: cannot write '\(error.path)': \(error.reason)\n")
                status = .software
            }
        }
        if checkOnly && wouldChange > 0 && status == .success { status = .problems }
        return status
    }
}
