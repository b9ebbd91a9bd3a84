/// What another tool's file says, as far as `flourish convert` understands it: read by
/// `JournalReader` (hledger and ledger) or `BeancountReader`, then written as Flourish by
/// `Converter`. Amounts are kept as written (a decimal and its commodity); what a reader
/// cannot understand is listed in `notConverted` with its place, never dropped.
struct ForeignLedger {
    /// A line of a source file.
    struct Place: Equatable, Sendable, CustomStringConvertible {
        var file: String
        var line: Int
        var description: String { "\(file):\(line)" }
    }

    struct Amount: Equatable, Sendable {
        var number: NumberSyntax.Decimal
        var commodity: String
    }

    struct Posting: Sendable {
        var account: String
        var amount: Amount?
        /// `= AMOUNT` after the amount (a balance assertion on the account after this line).
        var assertion: Amount?
        /// `=*` or `==*`: the assertion counts the account's subaccounts too.
        var assertionIncludesSubaccounts = false
        /// Has a cost or a price (`@`, `@@`, `{…}`): its weight is in another commodity.
        var priced = false
        /// What one unit cost (`{83.53 USD}`, `@ 0.92 EUR`), or the line (`{{…}}`, `@@ 92 EUR`):
        /// a lot's cost when there is one (its weight in beancount), else the price.
        var cost: (amount: Amount, total: Bool)?
        /// `{…}`: the line is a lot held at a cost (shares, funds), not money exchanged.
        var isLot = false
        /// The amount was left out and worked out from a balance assignment (`= AMOUNT`).
        var assigned = false
        /// `(Account)` or `[Account]`: a virtual posting.
        var virtual = false
        var comment: String?
        var place: Place
    }

    enum Status: Sendable { case cleared, pending }

    struct Transaction: Sendable {
        var date: CivilDate
        var status: Status?
        var description: String
        var tags: [String] = []
        /// The date line's comment, metadata and the like, kept as comments.
        var comments: [String] = []
        var postings: [Posting] = []
        var place: Place
    }

    enum Item: Sendable {
        /// A comment line (without its comment character).
        case comment(String)
        case transaction(Transaction)
        /// The account holds `amount` at the end of `date`.
        case balance(date: CivilDate, account: String, amount: Amount, place: Place)
        /// An account declared (`account`, `open`), with its commodities when it names them.
        case open(account: String, commodities: [String], place: Place)
        /// The account is closed at the end of `date` (beancount's `close`, dated the day after).
        case close(date: CivilDate, account: String, place: Place)
        /// A monthly budget for an account (a periodic transaction, a custom "budget"); no
        /// date means from the ledger's first date.
        case budget(date: CivilDate?, account: String, amount: Amount, place: Place)
        /// One unit of `commodity` is worth `amount` from `date` on (`P`, `price`).
        case price(date: CivilDate, commodity: String, amount: Amount, place: Place)
        /// A recurring transaction (a periodic transaction with a description): from `date`
        /// (nil: the ledger's first date) by `recurrence` (as a Flourish schedule writes it),
        /// through `until`.
        case schedule(date: CivilDate?, name: String, recurrence: String, until: CivilDate?, postings: [Posting], place: Place)
    }

    var items: [Item] = []
    /// Every file read (the main file and its includes), as shown.
    var files: [String] = []
    /// The commodity the file declares as its main one (`option "operating_currency"`, `D`).
    var mainCommodity: String?
    /// Lines not converted, with why.
    var notConverted: [(what: String, place: Place)] = []
    /// Accounts whose balances a line not converted changes (a `pad`), from its date.
    var incompleteAccounts: [String: CivilDate] = [:]
    /// Price lines skipped (Flourish has one currency): how many, and the first.
    var skippedPrices = 0
    var firstPrice: Place?

    mutating func skip(_ what: String, at place: Place) {
        notConverted.append((what, place))
    }

    mutating func skipPrice(at place: Place) {
        skippedPrices += 1
        if firstPrice == nil { firstPrice = place }
    }
}
