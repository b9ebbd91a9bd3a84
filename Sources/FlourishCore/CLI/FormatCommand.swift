/// `flourish fmt [--check] [FILE…]`: rewrite files canonically, atomically.
enum FormatCommand {
    static func run(_ arguments: [String], _ context: Flourish.Context) throws(Invocation.UsageError) -> ExitCode {
        let invocation = try Invocation(arguments, flags: ["--check", "-h", "--help"], valued: ["--file"], command: "fmt")
        if invocation.flags.contains("-h") || invocation.flags.contains("--help") {
            context.stdout.write(HelpText.fmt)
            return .success
        }
        let checkOnly = invocation.flags.contains("--check")
        let paths = try context.writableLedgerPaths(invocation, invocation.operands, command: "fmt")
        var status = ExitCode.success
        var wouldChange = 0
        for path in paths {
            let bytes: [UInt8]
            // fmt --check only reads; fmt edits (locked, checked for edits made meanwhile).
            var edit: FileEdit?
            do {
                if checkOnly {
                    bytes = try FileSystem.read(path)
                } else {
                    edit = try FileEdit(path)
                    bytes = edit?.original ?? []
                }
            } catch let error as FileSystem.Failure {
                status = context.cannotRead(error)
                continue
            } catch let error as FileEdit.Failure {
                status = context.cannotEdit(error)
                continue
            } catch {
                continue
            }
            let result = Formatter.format(SourceFile(path: path, bytes: bytes))
            guard let output = result.bytes else {
                let renderer = DiagnosticRenderer(files: [result.file], colour: context.colour)
                context.stderr.write(renderer.render(result.diagnostics))
                context.stderr.write("\(path): not formatted: it has syntax errors\n")
                if status == .success { status = .problems }
                continue
            }
            guard !output.sameBytes(as: bytes) else { continue }
            if checkOnly {
                context.stdout.write("would reformat \(path)\n")
                wouldChange += 1
                continue
            }
            do {
                try edit?.commit(output, doing: "`fmt`")
                context.stdout.write("reformatted \(path)\n")
            } catch {
                status = context.cannotEdit(error)
            }
        }
        if checkOnly && wouldChange > 0 && status == .success { status = .problems }
        return status
    }
}
