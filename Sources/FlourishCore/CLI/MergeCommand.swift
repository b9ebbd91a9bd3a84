/// `flourish merge [--marker-size N] BASE OURS THEIRS [PATH]`: git's merge driver for ledger
/// files (`%O %A %B %P`, docs/git.md). Merges the three versions item by item
/// (`ThreeWayMerge`) and writes the result to OURS. Exit 0: merged cleanly; 1: conflict blocks
/// were written, or the merge broke something that held on both sides (both are shown).
enum MergeCommand {
    static func run(_ arguments: [String], _ context: Flourish.Context) throws(Invocation.UsageError) -> ExitCode {
        let invocation = try Invocation(arguments, flags: ["-h", "--help"], valued: ["--marker-size", "--ours-label", "--theirs-label"],
                                        command: "merge")
        if invocation.flags.contains("-h") || invocation.flags.contains("--help") {
            context.stdout.write(HelpText.merge)
            return .success
        }
        guard (3...4).contains(invocation.operands.count) else {
            throw Invocation.UsageError(message: "merge needs three files: BASE OURS THEIRS (git's %O %A %B), and the path (%P) if you like")
        }
        var markers = ThreeWayMerge.Markers()
        if let size = invocation.values["--marker-size"] {
            guard let number = Int(size), (ConflictMarker.minimumSize...100).contains(number) else {
                throw Invocation.UsageError(message: "--marker-size must be a number from \(ConflictMarker.minimumSize) to 100, found '\(size)'")
            }
            markers.size = number
        }
        markers.ours = invocation.values["--ours-label"] ?? markers.ours
        markers.theirs = invocation.values["--theirs-label"] ?? markers.theirs
        let files = Array(invocation.operands.prefix(3))
        let path = invocation.operands.count == 4 ? invocation.operands[3] : files[1]
        var versions: [[UInt8]] = []
        for file in files {
            do {
                versions.append(try FileSystem.read(file))
            } catch {
                return context.cannotRead(error)
            }
        }
        let (base, ours, theirs) = (versions[0], versions[1], versions[2])
        let read = ThreeWayMerge.read(base: base, ours: ours, theirs: theirs, path: path)
        for (name, version) in zip(["base", "ours", "theirs"], read) {
            if let reason = version.notALedger {
                context.stderr.write("flourish merge: refused: \(path) (\(name)) is not a Flourish ledger: \(reason). Nothing was written; merge it by hand.\n")
                return .problems
            }
        }
        let result = ThreeWayMerge.merge(base: read[0], ours: read[1], theirs: read[2], markers: markers)
        if result.bytes != ours {
            do {
                try FileSystem.writeAtomically(files[1], result.bytes)
            } catch {
                context.stderr.write("Error: cannot write '\(error.path)': \(error.reason)\n")
                return .ioError
            }
        }
        if result.conflicts > 0 {
            let lines = conflictLines(result.bytes, size: markers.size)
            context.stderr.write("flourish merge: \(path): \(counted(result.conflicts, "conflict", "conflicts")) (line\(lines.count == 1 ? "" : "s") "
                + lines.map(String.init).joined(separator: ", ") + "): both sides changed the same item; keep one side (or both) "
                + "and delete the marker lines; `flourish check` points at each.\n")
            return .problems
        }
        // A clean merge that breaks what held on both sides is shown before it is committed.
        let broken = MergeCheck.newProblems(merged: result.bytes, ours: ours, theirs: theirs, path: path)
        if !broken.diagnostics.isEmpty {
            context.stderr.write(DiagnosticRenderer(files: broken.files, colour: context.colour).render(broken.diagnostics))
            context.stderr.write("flourish merge: \(path): merged, but the merge broke what held on both sides "
                + "(\(counted(broken.diagnostics.count, "error", "errors"))); look before committing.\n")
            return .problems
        }
        return .success
    }

    /// The 1-based lines of the `<<<<<<<` markers in merged bytes.
    private static func conflictLines(_ bytes: [UInt8], size: Int) -> [Int] {
        var lines: [Int] = []
        var number = 1
        var start = 0
        for (at, byte) in bytes.enumerated() where byte == 0x0A {
            if at - start >= size, ConflictMarker.read(bytes[start..<at]) == .ours { lines.append(number) }
            number += 1
            start = at + 1
        }
        return lines
    }
}
