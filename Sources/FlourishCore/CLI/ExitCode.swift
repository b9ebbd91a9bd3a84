/// Process exit statuses, following BSD `sysexits.h` where one fits.
public enum ExitCode: Int32, Sendable {
    /// Success: the ledger is valid, the files are formatted.
    case success = 0
    /// The ledger has errors, or `fmt --check` would change a file.
    case problems = 1
    /// The command line is wrong (EX_USAGE).
    case usage = 64
    /// A named file cannot be read (EX_NOINPUT).
    case noInput = 66
    /// Flourish itself failed (EX_SOFTWARE).
    case software = 70
    /// A file cannot be written: not writable, locked, changed meanwhile, disk full (EX_IOERR).
    case ioError = 74
}
