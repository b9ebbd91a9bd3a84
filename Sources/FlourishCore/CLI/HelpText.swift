/// The help pages, in the shape of swift-argument-parser's: OVERVIEW, USAGE, ARGUMENTS, OPTIONS.
enum HelpText {
    static let version = "flourish 0.1.0 (format v1)"

    static let main = """
    OVERVIEW: Flourish, a plain-text budgeting ledger.

    Keep accounts, entries with split lines and budgeting directives in a .flourish
    text file; check it, format it and report on it from the command line.

    USAGE: flourish <command> [<options>] [<file> ...]

    COMMANDS:
      init                    Start a budget from a few questions (or flags).
      check                   Validate ledger files and report every problem.
      fmt                     Rewrite ledger files in canonical form.
      add                     Append one entry, checked, written atomically.
      export                  Write the ledger for ledger/hledger, beancount or as CSV.
      convert                 Bring a hledger/ledger journal or a beancount file over.
      import                  Append a bank's CSV statement as entries.
      due                     List scheduled entries and bills due and not recorded.
      record                  Append the entries of what is due, checked, atomically.
      lsp                     Run the language server (for editors) on stdin and stdout.
      serve                   Serve the budget as a live local web app.
      diff                    What changed between two versions: entries and money.
      git                     Set a git repository up to merge ledgers by entry.
      merge                   Merge three versions of a ledger file item by item (git).
      completions             Print a completion script for bash, zsh or fish.
      report                  Show a report: dashboard, balances, register, budget,
                              review, people, subscriptions, goals, snapshot, log.
      help                    Show help for a command.

    OPTIONS:
      -h, --help              Show help information.
      --version               Show the version.

    ENVIRONMENT:
      FLOURISH_FILE           The ledger to use when no file is named.
      FLOURISH_INCLUDE_PATH   Folders (separated by ':') whose files a ledger may include,
                              besides its main file's folder and below.
      NO_COLOR                Never colour the output.

    EXIT STATUS:
      0 success, 1 the ledger has problems, 64 bad usage, 66 a file cannot be read,
      70 internal error, 74 a file cannot be written (nothing was written), or a ledger
      file was cut short while it was read.

    See 'flourish help <command>' for detailed help.

    """

    static let check = """
    OVERVIEW: Validate ledger files and report every problem.

    Reads each file and the files it includes, then reports all problems at once as
    file:line:col: error: message, with the source line, a caret and a hint.

    Once the ledger sets money aside (an allowance, an earmark, a goal), check also
    enforces the bucket rule: on every day, the money in the on-budget accounts covers
    every set-aside, so main savings is never negative and no goal is overdrawn.

    USAGE: flourish check [--format text|github|json] [--strict] [--as-of <date>] [<file> ...]

    ARGUMENTS:
      <file>                  Ledger files to check (default: $FLOURISH_FILE).

    OPTIONS:
      -f, --file <file>       A ledger file (repeatable); '-' reads standard input.
      --format <format>       text (default): messages with the source line and a caret.
                              github: GitHub Actions annotations, one per problem.
                              json: a JSON array of the problems (docs/json.md).
      --strict                Warnings fail the check too.
      --as-of <date>          Check the bucket rule through this date (YYYY-MM-DD or
                              'today') instead of the ledger's last date.
      --allow-include <dir>   Let includes read files from <dir> too (repeatable); by
                              default only the main file's folder and below.
      -h, --help              Show help information.

    EXIT STATUS:
      0 no errors (warnings allowed unless --strict), 1 problems found, 64 bad usage,
      66 a file cannot be read.

    EXAMPLES:
      flourish check budget.flourish
      flourish check -f budget.flourish --strict --format github
      flourish check --as-of today
      git show HEAD:budget.flourish | flourish check -f -

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
      -f, --file <file>       A ledger file to format (repeatable).
      --check                 Change nothing; list the files that would change and
                              exit with 1 if there are any.
      -h, --help              Show help information.

    EXAMPLES:
      flourish fmt budget.flourish budget/2026.flourish
      flourish fmt --check budget.flourish

    """

    static let report = """
    OVERVIEW: Show a report computed from the ledger.

    Reports are computed from a ledger without errors; months are budgeting months
    (month-start honoured). Nothing depends on the clock unless you ask for 'today'.

    USAGE: flourish report [<kind>] [<query> ...] [<file> ...] [<options>]

    ARGUMENTS:
      <kind>                  dashboard (the default): funds, buckets, the month's
                                budget, bills due within 7 days, people, a to-do list.
                              balances: accounts, net worth, category totals.
                              register: the lines of the named accounts, categories or
                                people (all lines without names), with a running balance.
                              budget: budget, spent, remaining and alerts per category.
                              review: the monthly review with projection and insights.
                              people: who owes whom; --settle lists the transfers.
                              subscriptions: costs, next due dates, charges found.
                              goals: progress and what each goal needs a month.
                              snapshot: the buckets at the end of a day.
                              log: allowance, cash reserve and correction logs.
                              forecast: day by day to --until: balances and buckets with
                                schedules, bills, earmarks, expected income and the
                                allowance spent in full; the first day the bucket rule
                                would break; what is safe to spend today.
      <query>                 register, balances and budget: what to count.
                              Food: a name in any case, with what is under it
                                (Food:Dining too); Food:* a glob; re:^foo a regular
                                expression (ignoring case).
                              desc:TEXT entries whose description contains TEXT;
                              tag:NAME entries with that tag; amt:>100, amt:<=-20 lines
                                by size (a sign compares the signed amount).
                              Words of one kind widen, kinds narrow; a name, pattern or
                              tag that matches nothing is an error (exit 1).
      <file>                  Ledger files, ending in .flourish or containing a '/'
                              (default: $FLOURISH_FILE).

    OPTIONS:
      -f, --file <file>       A ledger file (repeatable); '-' reads standard input.
      --date <date>           The report date, YYYY-MM-DD or 'today' (default: the
                              ledger's last date); relative periods count from it.
                              For log: YYYY-MM, FROM..TO or a date.
      -p, --period <period>   The days to report on: 2026, 2026-Q4, 2026-11 (a
                              budgeting month), 2026-11-05, this/last/next month,
                              quarter or year, from 2026-09 to 2026-12 or
                              2026-09..2026-12 (as in hledger, the end is excluded:
                              September to November), from 2026-09, to 2026-12.
      -b, --begin <date>      The first day: of a date, month, quarter or year.
      -e, --end <date>        The day after the last (excluded, as in hledger):
                              -e 2026-12 ends on the last day of November.
      --month <YYYY-MM>       The budgeting month to report on.
      --from <date>           The first day of the period.
      --to <date>             The last day of the period (included).
                              Default period: the budgeting month of the report date
                              (the whole ledger for register and with a column option:
                              its latest 24 columns, with a note).
      -M, --monthly           balances and budget: a column per budgeting month.
      -Q, --quarterly         balances and budget: a column per quarter.
      -Y, --yearly            balances and budget: a column per year.
      --depth <n>             register, balances and budget: categories to n levels
                              (1: Food for Food:Dining).
      --until <date>          forecast: the last day (default: three months after the
                              report date; at most 20 years after it, as -p for log).
      --match <text>          The same as desc:<text>.
      --tag <tag>             The same as tag:<tag>.
      --settle                people: the transfers that settle everyone.
      --format <format>       text (default), csv (RFC 4180), json (amounts as decimal
                              strings, docs/json.md), or html: one self-contained page
                              (with charts for review, dashboard and forecast).
      -o, --output <file>     Write the report to a file (atomically) instead; never
                              one of the ledger's files.
      --force                 Let -o replace a file that exists.
      --locale <locale>       Show amounts the reader's way in text and HTML: de-DE
                              (1.234,50 €), fr-FR, de-CH (CHF 1'234.50), en-IN, … (default:
                              the ledger's display line; grammar.md lists them).
      --value <code>          Every amount in another currency, at its rate line in
                              effect on the report date (hledger's -X); not for
                              snapshot, log and forecast.
      --ascii                 Bars and sparklines in plain ASCII (the default when the
                              terminal is not UTF-8).
      --allow-include <dir>   Let the ledger's includes read files from <dir> too.
      -h, --help              Show help information.

    EXAMPLES:
      flourish report -f budget.flourish
      flourish report balances --monthly -p 2026 --depth 1
      flourish report budget -p 'last month'
      flourish report register Food desc:coffee -b 2026-09
      flourish report register 're:^(food|travel)' amt:'>100' --format csv
      flourish report review --format html -o review.html
      flourish report budget --locale de-DE
      flourish report balances --value USD

    """

    static let add = """
    OVERVIEW: Append one entry to a ledger file.

    The entry is written in canonical form at the end of the file. The ledger is checked
    with it first: an unknown name (with the closest one suggested) or any error leaves
    the file untouched; otherwise the file is replaced safely.

    USAGE: flourish add --interactive [--file <file>]
           flourish add <date> <description> <amount> [<category>] --from <account> [<options>]
           flourish add <date> <description> <amount> [<category>] --to <account> [<options>]
           flourish add <date> <description> <amount> --from <account> --to <account>
           flourish add <date> <description> <target> <amount> [goal <goal>] ... [<target>]
                        [--from <account> | --to <account>] [<options>]
           flourish add <date> move <amount> to|from <goal>

    ARGUMENTS:
      <date>                  YYYY-MM-DD, 'today' or 'yesterday'.
      <description>           What it was (quote it when it has spaces).
      <amount>                As written in a ledger: 4.50, -12 (a refund), 1,234.56; or
                              as a locale writes it: 4,50, 1.234,50, 1'234.50; in
                              another currency with its code and, when known, its cost:
                              12.50 USD @@ 11.48 (else the rate line in effect is used).
                              From or to an account kept in another currency, an amount
                              without a code is in that currency.
      <category>              Where the money went (with --from) or came from (with --to);
                              left out, the category most used with similar descriptions
                              is proposed, and add says so.
      <target> <amount>       A split line: an account, category or person and its amount
                              (positive: money into it). One target may leave its amount
                              out; 'goal <goal>' after a category's amount charges it to a goal.
      #<tag>                  Tags for the entry, anywhere after the description.
      move <amount> to <goal> A goal move instead of an entry (the `move` directive): money
                              set aside into the goal from main savings, or 'from' it back.

    Names may be abbreviated: 'din' is Food:Dining when no other name starts that way.

    OPTIONS:
      --from <account>        The account that paid (it balances the entry).
      --to <account>          The account the money went into (income, or with --from a
                              transfer).
      -f, --file <file>       The ledger file to add to (default: $FLOURISH_FILE).
      --tag <tag>             A #tag for the entry (repeatable).
      --declare <kind>        Declare a name of the entry that is not declared yet, as
                              category, income, person or account [KIND] (repeatable; the
                              declaration is written before the entry).
      --pending               Mark the entry pending (!) instead of cleared (*).
      --unmarked              Leave the entry without a mark.
      -i, --interactive       Ask for the date, the description and each line in turn,
                              offering the last similar entry's as defaults (Enter takes
                              the default, '.' ends the lines, '<' goes back a question);
                              nothing is written until the entry balances and the ledger
                              checks.
      --allow-include <dir>   Let the ledger's includes read files from <dir> too.
      -h, --help              Show help information.

    EXAMPLES:
      flourish add today "Dinner with Sam" Food:Dining 60 Sam 30 --from Visa
      flourish add today "To savings" 200 --from Bank --to Savings
      flourish add 2026-11-23 Espresso 4.50 Coffee --from Bank
      flourish add 2026-11-23 Taxi 12.50 USD @@ 11.48 Travel --from Visa
      flourish add today move 200 to "Japan trip"
      flourish add today Vet 80 Pets --from Bank --declare category

    """

    static let importing = """
    OVERVIEW: Append a bank's CSV statement to a ledger as entries.

    A rules file says how to read the statement (columns, date format, amounts) and which
    category each row goes to (grammar.md, section 9). Each row is written with an
    `; import:KEY` mark, so running the same import again adds nothing. A malformed row is
    reported with its line number and nothing from the file is imported; the ledger is
    checked with the new entries before the file is replaced atomically.

    USAGE: flourish import csv <statement> --rules <rules> [--file <ledger>] [--dry-run | --explain <line>]

    OPTIONS:
      --rules <rules>         The rules file.
      -f, --file <ledger>     The ledger file to append to (default: $FLOURISH_FILE).
      --dry-run               Print what would be appended, the rule each row matched and a
                              count of rows per category; write nothing.
      --explain <line>        Say how the row on that line of the statement got its
                              category, rule by rule.
      --allow-include <dir>   Let the ledger's includes read files from <dir> too.
      -h, --help              Show help information.

    EXAMPLES:
      flourish import csv statement.csv --rules bank.rules -f budget.flourish --dry-run
      flourish import csv statement.csv --rules bank.rules --explain 14
      flourish import csv statement.csv --rules bank.rules -f budget.flourish

    """

    static let export = """
    OVERVIEW: Write the ledger in another tool's format, on standard output.

    Accounts become Assets:NAME (credit cards Liabilities:NAME), categories Expenses:…
    or Income:…, people Assets:Receivable:NAME; opening balances and corrections are
    balanced against Equity. Budgets become periodic transactions (ledger) or
    custom "budget" directives (beancount, read by fava); other budgeting directives
    become comments. Balance assertions are kept.

    USAGE: flourish export <format> [<file> ...]

    ARGUMENTS:
      <format>                ledger: a ledger/hledger journal.
                              beancount: a beancount file (bean-check, fava).
                              csv: one row per split line (RFC 4180).
      <file>                  Ledger files (default: $FLOURISH_FILE).

    OPTIONS:
      -f, --file <file>       A ledger file (repeatable); '-' reads standard input.
      --allow-include <dir>   Let the ledger's includes read files from <dir> too.
      -h, --help              Show help information.

    EXAMPLES:
      flourish export ledger budget.flourish > budget.journal && hledger -f budget.journal bal
      flourish export beancount budget.flourish > budget.beancount && bean-check budget.beancount
      flourish export csv -f budget.flourish > lines.csv

    """

    static let initialize = """
    OVERVIEW: Start a budget: a commented ledger that checks clean, from a few questions.

    Asks, on a terminal, for the currency, the day the budgeting month begins, how amounts
    should look, the income you expect, the share of it to save, your accounts with what
    each holds today, the bills to set money aside for (with their due days), a daily
    allowance — offering the one that keeps the savings target after the bills, as far as
    today's money covers it — and the people you share costs with. Each question has a
    default (in brackets) and a flag; without a terminal (or with --no-input) the flags and
    defaults are used. Then it writes the ledger, shows its buckets, and says what to do
    next. It never replaces a file.

    USAGE: flourish init [<file>] [<options>]

    ARGUMENTS:
      <file>                  The new ledger (default: $FLOURISH_FILE, else budget.flourish).

    OPTIONS:
      --currency <code>       The currency (default: USD).
      --month-start <day>     The day budgeting months begin, 1-28 (default: 1).
      --display <locale>      How amounts look: de-DE, fr-FR, de-CH, en-IN… (default: none).
      --income <amount>       The income expected each month (default: none).
      --yearly-income <amount>
                              The income expected each year, instead.
      --savings <percent>     The share of income to save (default: 20).
      --account <account>     "NAME KIND [OPENING] [off-budget|reserve]", KIND checking,
                              savings, cash or credit; off-budget for an investment or a
                              loan, reserve for a cash reserve (repeatable; default:
                              "Checking checking 0").
      --bill <bill>           "CATEGORY AMOUNT [DUE DAY]": money set aside each month
                              (repeatable).
      --allowance <amount>    The daily allowance (default: the one offered).
      --person <name>         Someone you share costs with (repeatable).
      --date <date>           The day the ledger begins (default: today).
      --no-input              Ask nothing, even on a terminal.
      -h, --help              Show help information.

    EXAMPLES:
      flourish init
      flourish init budget.flourish --currency EUR --month-start 25 --income 3600 --savings 15 --no-input
      flourish init home.flourish --account "Girokonto checking 1850" --bill "Miete 1100 1" --display de-DE

    """

    static let convert = """
    OVERVIEW: Convert a hledger/ledger journal or a beancount file to one Flourish ledger.

    Reads the file and its includes (inside its folder), maps its account tree (Assets:…
    accounts, Liabilities:… credit accounts, Expenses:… and Income:… categories,
    receivables and payables per person, Equity:Opening… opening balances), and writes
    the entries, balance assertions, budgets (~ monthly, custom "budget"), schedules
    (~ with a description), tags and comments it understands. Every line it cannot convert is listed as
    "not converted: … (file:line)"; lines in a second commodity (without a cost) are
    left out of their transaction, prices are skipped. The result is checked as 'check'
    does; the original files are never touched. docs/migrating.md explains the mapping.

    USAGE: flourish convert journal|beancount <file> [-o <out>] [--map <file>] [--currency <code>] [--strict]

    ARGUMENTS:
      journal                 A hledger or ledger journal.
      beancount               A beancount file.
      <file>                  The file to convert (its includes are read with it).

    OPTIONS:
      -o, --output <out>      Write the ledger there (atomically) instead of standard output.
      --force                 Let -o replace a file that exists (never the one converted).
      --map <file>            A mapping file: one 'FOREIGN = account NAME KIND [FLAG…]',
                              'person NAME', 'category NAME [income]', 'opening' or
                              'correction' a line.
      --currency <code>       The currency of the main commodity (default: from its
                              symbol or code: $ is USD, € EUR, £ GBP).
      --strict                Any line not converted is an error; nothing is written.
      --allow-include <dir>   Let includes read files from <dir> too.
      -h, --help              Show help information.

    EXIT STATUS:
      0 converted and checks clean (lines may have been left out: they are listed),
      1 --strict found lines it could not convert, or the result does not check,
      64 bad usage, 66 the file cannot be read, 74 the output cannot be written.

    EXAMPLES:
      flourish convert journal 2025.journal -o budget.flourish
      flourish convert beancount main.beancount --map accounts.map -o budget.flourish
      flourish convert journal old.ledger --currency EUR --strict > budget.flourish

    """

    static let merge = """
    OVERVIEW: Merge three versions of a ledger file item by item: git's merge driver.

    Entries, directives and declarations are matched across the versions (by import key
    or #id: tag, else by their text) and both sides' changes are applied; an item both
    sides changed differently becomes one conflict block with git's markers. The result
    is written to <ours>. `flourish git` sets the driver up (docs/git.md).

    USAGE: flourish merge [--marker-size <n>] <base> <ours> <theirs> [<path>]

    ARGUMENTS:
      <base> <ours> <theirs>  The three versions (git's %O %A %B); the result goes to <ours>.
      <path>                  The file's path in the repository (git's %P), for messages
                              and for the includes read when the result is checked.

    OPTIONS:
      --marker-size <n>       Length of the conflict markers (git's %L; default 7).
      --ours-label <text>     Label on the `<<<<<<<` marker (default: ours).
      --theirs-label <text>   Label on the `>>>>>>>` marker (default: theirs).
      -h, --help              Show help information.

    EXIT STATUS:
      0 merged cleanly and nothing that held on both sides broke; 1 conflict blocks were
      written, the merge broke a check that passed on both sides (it is shown; the merge
      is written), or a version is not a ledger (refused: nothing is written); 64 bad
      usage, 66 a file cannot be read, 74 <ours> cannot be written.

    EXAMPLES:
      git config merge.flourish.driver 'flourish merge --marker-size %L %O %A %B %P'
      flourish merge base.flourish ours.flourish theirs.flourish

    """

    static let git = """
    OVERVIEW: Set the git repository you are in up for ledgers (docs/git.md).

    Adds `*.flourish merge=flourish diff=flourish` to .gitattributes and names Flourish's
    merge and diff drivers in the repository's own git config, so that `git merge`,
    `rebase` and `cherry-pick` merge ledger files entry by entry and `git diff` says what
    changed in the money (`git diff --no-ext-diff` shows lines). Run it again at any time: what is there is kept,
    never replaced, and a different setting found is named.

    USAGE: flourish git [--hooks] [<ledger>]

    ARGUMENTS:
      <ledger>                The main ledger file (saved as `git config flourish.ledger`;
                              the pre-commit hook checks it).

    OPTIONS:
      --hooks                 Also add a pre-commit hook that runs `flourish fmt --check` on
                              the staged ledger files and `flourish check` on the ledger
                              (unless a pre-commit hook is there already).
      -h, --help              Show help information.

    EXIT STATUS:
      0 set up (or already), 66 not in a git repository, 74 a file cannot be written.

    EXAMPLES:
      flourish git
      flourish git --hooks budget.flourish

    """

    static let diff = """
    OVERVIEW: What changed between two versions of a ledger: its entries, and the money.

    Lists the items added, deleted and edited (an edited entry is one change, with its
    lines before and after), then each figure that moved — accounts, people, on-budget
    funds, every bucket, main savings, goals — and each category whose budget this month
    moved, before and after, as of one report date (the later last date of the two).

    USAGE: flourish diff <old> <new>
           flourish diff [<revision> [<revision>]] [<file>]

    ARGUMENTS:
      <old> <new>             Two ledger files (each with its includes).
      <revision>              A git revision (HEAD~1, main, a commit): the ledger as it was
                              there, includes too. With one, the new version is the working
                              tree; with none, the old one is HEAD.
      <file>                  The ledger (default: $FLOURISH_FILE, else git config
                              flourish.ledger).

    OPTIONS:
      --format <format>       text (default), markdown (a pull request's summary) or json.
      --date <date>           The report date for the figures (YYYY-MM-DD or today).
      -h, --help              Show help information.

    As git's diff driver (`flourish git` sets it up): given git's seven arguments it
    compares the two versions of one file.

    EXAMPLES:
      flourish diff HEAD~1 budget.flourish
      flourish diff main HEAD budget.flourish --format markdown
      flourish diff old.flourish new.flourish --format json

    """

    static let help = """
    OVERVIEW: Show help for a command.

    USAGE: flourish help [<command>]
           flourish help --man     (the manual page, as troff: docs/flourish.1)

    EXAMPLES:
      flourish help report
      flourish help --man > flourish.1 && man ./flourish.1

    """

    static func page(for command: String) -> String? {
        switch command {
        case "check": return check
        case "fmt": return fmt
        case "report": return report
        case "export": return export
        case "add": return add
        case "import": return importing
        case "due": return due
        case "record": return record
        case "lsp": return lsp
        case "serve": return serve
        case "completions": return completions
        case "merge": return merge
        case "git": return git
        case "diff": return diff
        case "convert": return convert
        case "init": return initialize
        case "help": return help
        default: return nil
        }
    }

    static func usage(for command: String?) -> String {
        // The USAGE lines of the command's own help page (one home for them), or the main page's.
        let topic = command.flatMap { page(for: $0) != nil ? $0 : nil }
        let lines = (topic.flatMap(page(for:)) ?? main).split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.firstIndex(where: { $0.hasPrefix("USAGE: ") }) else { return "" }
        var shown = ["Usage: " + lines[first].dropFirst("USAGE: ".count)]
        for line in lines[(first + 1)...] {
            guard line.hasPrefix(" ") else { break }
            shown.append(String(line))
        }
        return shown.joined(separator: "\n") + "\n  See 'flourish help\(topic.map { " " + $0 } ?? "")' for more.\n"
    }

    static let due = """
    OVERVIEW: List what schedules and subscriptions have had due and is not recorded.

    An occurrence is recorded when an entry pays it: the entry's date line (description,
    tags or comment) holds the schedule's name, its size is within 10% and its date within
    a week of the due date (grammar.md, section 8). Occurrences are looked for from the
    ledger's first dated line. At most the latest 12 of each schedule or subscription are
    listed, and a line counts the older ones; --all lists every one.

    USAGE: flourish due [<file> ...] [--through <date>] [--only <name>] [--all]
                        [--format text|json]

    OPTIONS:
      -f, --file <file>       A ledger file (repeatable); '-' reads standard input.
      --through <date>        Up to this day (YYYY-MM-DD or 'today'; default: the ledger's
                              last dated line; at most 20 years after it).
      --only <name>           Only this schedule or subscription (repeatable).
      --all                   Every occurrence, not only the latest 12 of each.
      --format <format>       text (default) or json.
      --locale <locale>       Show amounts the reader's way (default: the ledger's display).
      --allow-include <dir>   Let the ledger include files from <dir> too (repeatable).
      -h, --help              Show help information.

    EXAMPLES:
      flourish due budget.flourish --through today
      flourish due --only Rent --format json

    """

    static let record = """
    OVERVIEW: Append an entry for each occurrence that is due and not recorded.

    Each entry is dated on its due date, described by the schedule's name and made of the
    schedule's lines as written (a subscription: its category and paying account), so that
    it pays the occurrence. The file must check clean before; the ledger must check clean
    with the new entries; then the file is replaced atomically. Otherwise nothing changes.
    At most 10,000 entries are written at a time.

    USAGE: flourish record [<file>] [--through <date>] [--only <name>] [--dry-run]

    OPTIONS:
      -f, --file <file>       The ledger file to append to.
      --through <date>        Up to this day (YYYY-MM-DD or 'today'; default: the ledger's
                              last dated line; at most 20 years after it).
      --only <name>           Only this schedule or subscription (repeatable).
      --dry-run               Print the entries instead of writing them.
      --allow-include <dir>   Let the ledger include files from <dir> too (repeatable).
      -h, --help              Show help information.

    EXAMPLES:
      flourish record budget.flourish --through today --dry-run
      flourish record --only Rent --through 2026-12-01

    """

    static let lsp = """
    OVERVIEW: Run the Flourish language server for editors.

    Speaks the Language Server Protocol (JSON-RPC with Content-Length framing) on standard
    input and output: the problems `check` finds as you type (the bucket rule included),
    completion of names, keywords and dates, hover (balances, a month's budget, a day's
    buckets), the left-out amount as an inlay hint, definition, references, rename,
    symbols, formatting and quick fixes. Open buffers stand in for files on disk; an
    included file is checked with the main file that includes it (an open one, or one in
    the workspace's folder). Only open buffers and ledgers in the workspace folders are
    read; a buffer outside them is checked alone. A message over 64 MiB is refused and
    skipped. The end of standard input ends the server (exit status 0 after 'shutdown',
    1 otherwise). Editor setups: editors/README.md.

    USAGE: flourish lsp [--today <date>]

    OPTIONS:
      --today <date>          The date completion offers as today (default: the clock's).
      -h, --help              Show help information.

    EXAMPLES:
      flourish lsp
      flourish lsp --today 2026-11-22

    """

    static let serve = """
    OVERVIEW: Serve the budget as a live local web app.

    Starts a web server for the ledger (and its includes) and prints its address, which
    carries a random token: without it every request is refused. The home page is today's
    budget: the allowance left today, the funds, every bucket, budgets this month, what is
    due and late, people to settle with. Every report is a page, with its period and words
    as controls. When a ledger file changes on disk, every open page updates within a
    second; a ledger with errors shows them instead of figures. The add form, 'Record' and
    'Settle up' write as 'add' and 'record' do, and are refused when the file changed since
    the page read it. Listens on 127.0.0.1 only, unless --host is given. Runs until
    interrupted. Security and phone use: docs/serve.md.

    USAGE: flourish serve [<file>] [--port <port>] [--host <address>] [--open] [--commit]

    OPTIONS:
      --port <port>           The port to listen on (default: 8420; 0: any free one).
      --host <address>        The address to listen on, such as 192.168.1.20 for a phone
                              on a trusted network (default: 127.0.0.1).
      --open                  Open the address in the browser.
      --commit                Make each write from the browser a git commit.
      --today <date>          The date the pages take as today (default: the clock's).
      -f, --file <file>       The ledger file (default: $FLOURISH_FILE).
      --allow-include <dir>   Let the ledger include files from <dir> too (repeatable).
      -h, --help              Show help information.

    EXAMPLES:
      flourish serve examples/household.flourish --open
      flourish serve budget.flourish --port 0 --commit

    """

    static let completions = """
    OVERVIEW: Print a completion script for a shell.

    Completes commands, options, report kinds, export formats, files ending in
    .flourish, and the ledger's names for 'add' and 'report register' (from the file on
    the command line, else $FLOURISH_FILE).

    USAGE: flourish completions bash|zsh|fish

    OPTIONS:
      -h, --help              Show help information.

    EXAMPLES:
      flourish completions bash > ~/.local/share/bash-completion/completions/flourish
      flourish completions zsh > "${fpath[1]}/_flourish"
      flourish completions fish > ~/.config/fish/completions/flourish.fish

    """
}
