/// Writing entry text laid out as `fmt` would (descriptions: `StringLiteral.description`), for `add` and `import`.
enum EntryText {
    /// Entry text laid out as `fmt` would write it (names padded, amounts aligned), so that a
    /// ledger stays in canonical form after `add` and `import`.
    static func canonical(_ text: String) -> String {
        Formatter.format(SourceFile(path: "(new entry)", text: text)).formatted ?? text
    }
}
