// The fixed words that may follow a directive's or a split line's values (grammar.md,
// "Directives"). Each is read with `Parser.requireWord`, which suggests the closest word
// when one is misspelt.

/// `category NAME [income|expense|exchange]`.
enum CategoryType: String, CaseIterable {
    case income, expense, exchange
}

/// The `due DAY` clause of `earmark`.
enum DueClause: String, CaseIterable {
    case due
}

/// The `by DATE` clause of `goal`.
enum ByClause: String, CaseIterable {
    case by
}

/// The `goal NAME` clause of a split line.
enum GoalClause: String, CaseIterable {
    case goal
}

/// Clauses of `subscription`.
enum SubscriptionClause: String, CaseIterable {
    case next, from, category
}

/// How often a `schedule` recurs.
enum ScheduleFrequencyWord: String, CaseIterable {
    case daily, weekly, monthly, quarterly, yearly, every
}

/// The unit of `every N …`.
enum ScheduleUnitWord: String, CaseIterable {
    case days, weeks, months
}

/// `on day N` or `on last day` after `monthly`.
enum ScheduleOnWord: String, CaseIterable {
    case on
}

enum ScheduleDayWord: String, CaseIterable {
    case day, last
}

/// The end of a `schedule`: `until DATE` or `times N`.
enum ScheduleEndWord: String, CaseIterable {
    case until, times
}

/// The settings `option NAME VALUE` takes.
enum OptionName: String, CaseIterable {
    case overdueDays = "overdue-days"
    case rollover
    case quote
}

/// `rollover` after a budget's amount.
enum RolloverWord: String, CaseIterable {
    case rollover
}

/// The value of `option rollover`.
enum OnOffWord: String, CaseIterable {
    case on, off
}

/// The words of `snapshot`'s BUCKET.
enum SnapshotBucketWord: String, CaseIterable {
    case funds, allowance, monthly, goals
    case owed
    case mainSavings = "main-savings"
    case goal
}
