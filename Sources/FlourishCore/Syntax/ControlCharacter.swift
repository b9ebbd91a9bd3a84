/// The one definition of a control character (grammar.md, section 1): C0 (U+0000–U+001F),
/// DEL (U+007F) and C1 (U+0080–U+009F). A ledger line holds none but the tab; output escapers
/// decide what to do with them (`GuardedOutput`, `JSONValue`, `HTMLPage`, the diagnostic
/// excerpts), each saying which of them — a tab, a line feed — its format allows.
public enum ControlCharacter {
    public static func contains(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// A control character other than a tab or a line feed: what no text output passes on.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        contains(scalar) && scalar != "\t" && scalar != "\n"
    }
}
