/// Like Investr's smart suggestions: the category most used by entries with a similar
/// description, for `flourish add` without a category.
struct CategoryProposal {
    var name: String
    var uses: Int

    /// The words of a description that tell it apart: lowercased letters and digits, two
    /// characters or more.
    static func words(_ text: String) -> Set<String> {
        var words: Set<String> = []
        var current = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber { current.append(character) } else {
                if current.count >= 2 { words.insert(current) }
                current = ""
            }
        }
        if current.count >= 2 { words.insert(current) }
        return words
    }

    /// Entries whose descriptions share at least half their words with `description` vote for
    /// their categories (expense ones, or income ones for money in); the most votes win, ties
    /// going to the name first in order.
    static func propose(for description: String, in journal: Journal, income: Bool) -> CategoryProposal? {
        let wanted = words(description)
        guard !wanted.isEmpty else { return nil }
        let ledger = journal.ledger
        var votes: [Int32: Int] = [:]
        for entry in ledger.entries {
            let other = words(ledger.description(of: entry))
            let shared = wanted.intersection(other).count
            guard shared > 0, shared * 2 >= min(wanted.count, other.count) else { continue }
            for posting in ledger.postings[entry.postings] {
                let kind = journal.index.kind(of: posting.target.id)
                if kind == (income ? .incomeCategory : .category) { votes[posting.target.id, default: 0] += 1 }
            }
        }
        guard let best = votes.max(by: { ($0.value, journal.name($1.key)) < ($1.value, journal.name($0.key)) }) else { return nil }
        return CategoryProposal(name: journal.name(best.key), uses: best.value)
    }
}
