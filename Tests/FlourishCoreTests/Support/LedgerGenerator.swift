/// Writes valid ledgers with deterministic pseudo-random content and untidy spacing, for
/// round-trip tests of `fmt`.
struct LedgerGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed &* 6_364_136_223_846_793_005 &+ 1 }

    /// A number in 0..<bound (a linear congruential generator: repeatable, not random).
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }

    mutating func pick<T>(_ items: [T]) -> T { items[next(items.count)] }

    mutating func space() -> String { pick([" ", "  ", "\t", "   ", " \t "]) }

    mutating func ledger(entries: Int) -> String {
        let accounts = ["Bank", "Cash", "Visa", "\"Joint Account\""]
        let categories = ["Food:Dining", "Food:Groceries", "Rent", "Café", "\"Gifts & Giving\""]
        var out = "currency USD\n"
        out += "account" + space() + "Bank" + space() + "checking\n"
        out += "account Cash cash reserve" + space() + "; the tin\n"
        out += "account Visa credit\naccount \"Joint Account\" savings off-budget\n"
        for category in categories { out += "category" + space() + category + "\n" }
        out += "category Salary income\nperson Sam\n"
        out += pick(["", "\n", "\n\n\n"])
        out += "opening 2026-01-01 Bank" + space() + "1,000.00\n"
        for index in 0..<entries {
            let day = 1 + index % 28
            let month = 1 + (index / 28) % 12
            let date = "2026-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
            if next(5) == 0 { out += pick(["; a note\n", "# another note\n", "\n", "\n\n"]) }
            let status = pick(["", " *", " !"])
            let tags = pick(["", " #food", "   #a #b"])
            out += date + status + space() + pick(["Lunch", "Weekly  shop", "\"Quoted #1\"", "Zoë's gift"]) + tags
            out += pick(["", "  ; why", "\t;x"]) + "\n"
            let lines = 1 + next(3)
            var total = 0
            for _ in 0..<lines {
                let cents = 1 + next(500_000)
                total += cents
                let amount = "\(cents / 100).\(cents % 100 < 10 ? "0" : "")\(cents % 100)"
                out += pick(["  ", "    ", "\t", " "]) + pick(categories + ["Sam"]) + space() + amount
                out += pick(["", "", "  ; split", " USD"]) + "\n"
                if next(6) == 0 { out += pick(["  ; indented comment\n", "\t# another\n"]) }
            }
            out += pick(["  ", "\t"]) + pick(accounts) + (next(2) == 0 ? "" : space() + "-\(total / 100).\(total % 100 < 10 ? "0" : "")\(total % 100)") + "\n"
        }
        out += pick(["", "\n\n"])
        return out
    }
}
