/// The help pages, in the shape of swift-argument-parser's: OVERVIEW, USAGE, ARGUMENTS, OPTIONS.
enum HelpText {
    static let version = "flourish 0.1.0 (format v1)"

    static let main = """
    OVERVIEW: Flourish, a plain-text budgeting ledger.

    Keep accounts, entries with split lines and budgeting directives in a .flourish
    text file; check it, format it and report on it from the command line.

    USAGE: flourish <command> [<options>] [<file> ...]

    COMMANDS:
      check                   Validate ledger files and report every problem.
      fmt                     Rewrite ledger files in canonical form.
      help                    Show help for a command.

    OPTIONS:
      -h, --help              Show help information.
      --version               Show the version.

    ENVIRONMENT:
      FLOURISH_FILE           The ledger to use when no file is named.
      NO_COLOR                Never colour the output.

    EXIT STATUS:
      0 success, 1 the ledger has problems, 64 bad usage, 66 a file cannot be read,
      70 internal error.

    See 'flourish help <command>' for detailed help.

    """

    static let check = """
    OVERVIEW: Validate ledger files and report every problem.

    Reads each file and the files it includes, then reports all problems at once as
    file:line:col: error: message, with the source line, a caret and a hint.

    USAGE: flourish check [<file> ...]

    ARGUMENTS:
      <file>                  Ledger files to check (default: $FLOURISH_FILE).

    OPTIONS:
      -h, --help              Show help information.

    EXIT STATUS:
      0 no errors (warnings allowed), 1 errors found, 64 bad usage,
      66 a file cannot be read.

    """

    static let fmt = """
    OVERVIEW: Rewrite ledger files in canonical form.

    Only spacing changes: split lines are indented by two spaces with amounts aligned
    on the decimal point, and comments, blank-line groups and order are kept. A file
    with syntax errors is never touched; every write is atomic.

    USAGE: flourish fmt [--check] [<file> ...]

    ARGUMENTS:
      <file>                  Ledger files to format (default: $FLOURISH_FILE).
                              Included files are not followed; name each one.

    OPTIONS:
      --check                 Change nothing; list the files that would change and
                              exit with 1 if there are any.
      -h, --help              Show help information.

    """

    static let help = """
    OVERVIEW: Show help for a command.

    USAGE: flourish help [<command>]

    """

    static func page(for command: String) -> String? {
        switch command {
        case "check": return check
        case "fmt": return fmt
        case "help": return help
        default: return nil
        }
    }

    static func usage(for command: String?) -> String {
        switch command {
        case "check": return "Usage: flourish check [<file> ...]\n  See 'flourish help check' for more.\n"
        case "fmt": return "Usage: flourish fmt [--check] [<file> ...]\n  See 'flourish help fmt' for more.\n"
        default: return "Usage: flourish <command> [<options>] [<file> ...]\n  See 'flourish help' for more.\n"
        }
    }
}
