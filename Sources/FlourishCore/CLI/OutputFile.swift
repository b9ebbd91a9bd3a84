/// Where `-o FILE` may write (a report, a converted ledger): never over a file the command
/// reads, and over any other existing file only with `--force`.
enum OutputFile {
    /// Why `output` may not be written, or nil. `inputs` are the files the command reads, the
    /// first named as `first` ("the ledger being reported on", "the file being converted").
    static func refusal(_ output: String, force: Bool, inputs: [String], first: String) -> String? {
        let target = FileSystem.canonicalPath(output) ?? FileSystem.absolute(output)
        for input in inputs where input != "-" && (FileSystem.canonicalPath(input) ?? FileSystem.absolute(input)) == target {
            return "-o \(output) is " + (input == inputs.first ? first : "a file it includes (\(input))")
                + "; Flourish never writes over what it reads"
        }
        if !force && FileSystem.exists(output) {
            return "-o \(output) exists; add --force to replace it"
        }
        return nil
    }
}
