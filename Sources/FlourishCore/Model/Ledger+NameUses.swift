extension Ledger {
    /// A name written where it is used (not where it is declared): on a split line, or in a
    /// directive that names an account, a category or a goal.
    /// (A plain value, nothing counted: a ledger has a use on each of its split lines.)
    public struct NameUse {
        public var ref: NameRef
        /// The kinds the name may be where it stands.
        public var wanted: Wanted
        /// The line it stands on, as a diagnostic names it (`a split line`, `budget`, …).
        public var directive: StaticString
        /// Whether it is a split line's account, category or person (`Ledger.postings`).
        public var isLineTarget = false

        /// What a name may be where it is used.
        public enum Wanted: Sendable {
            /// An account, a category or a person: a split line's.
            case anyTarget
            case account, category, goal

            public var kinds: [NameIndex.Kind] {
                switch self {
                case .anyTarget: return [.account, .category, .incomeCategory, .person]
                case .account: return [.account]
                case .category: return [.category]
                case .goal: return [.goal]
                }
            }
        }
    }

    /// Every use of a name, in one list for the reference check and the language server's
    /// references and rename: split lines (of entries and of schedules' templates, and of
    /// entries left out for syntax errors), a line's `goal`, and the directives that name an
    /// account, a category or a goal. A schedule's or a subscription's own name is not a
    /// declared name, and is not among them.
    public func forEachNameUse(_ body: (NameUse) -> Void) {
        for posting in postings { body(NameUse(ref: posting.target, wanted: .anyTarget, directive: "a split line", isLineTarget: true)) }
        for target in strayReferences { body(NameUse(ref: target, wanted: .anyTarget, directive: "a split line")) }
        for opening in openings { body(NameUse(ref: opening.account, wanted: .account, directive: "opening")) }
        for assertion in balanceAssertions { body(NameUse(ref: assertion.account, wanted: .account, directive: "balance")) }
        for closing in closings { body(NameUse(ref: closing.account, wanted: .account, directive: "close")) }
        for correction in corrections { body(NameUse(ref: correction.account, wanted: .account, directive: "correction")) }
        for budget in budgets { body(NameUse(ref: budget.category, wanted: .category, directive: "budget")) }
        for earmark in earmarks { body(NameUse(ref: earmark.category, wanted: .category, directive: "earmark")) }
        for move in goalMoves { body(NameUse(ref: move.goal, wanted: .goal, directive: "move")) }
        for (_, goal) in postingGoals.sorted(by: { $0.key < $1.key }) { body(NameUse(ref: goal, wanted: .goal, directive: "a split line")) }
        for assertion in snapshotAssertions {
            if case .goal(let goal) = assertion.bucket { body(NameUse(ref: goal, wanted: .goal, directive: "snapshot")) }
        }
        for subscription in subscriptions {
            body(NameUse(ref: subscription.account, wanted: .account, directive: "subscription"))
            if let category = subscription.category { body(NameUse(ref: category, wanted: .category, directive: "subscription")) }
        }
    }
}
