/// The words that begin directive lines (grammar.md, "Directives").
public enum Keyword: String, CaseIterable, Sendable {
    case include
    case currency
    case commodity
    case rate
    /// hledger's and ledger's price line, read as `rate`.
    case price = "P"
    case monthStart = "month-start"
    case display
    case account
    case category
    case person
    case opening
    case balance
    case close
    case correction
    case budget
    case earmark
    case allowance
    case goal
    case move
    case income
    case savingsTarget = "savings-target"
    case subscription
    case schedule
    case snapshot
    case option
}
