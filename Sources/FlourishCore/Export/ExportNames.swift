/// The account tree a ledger maps to in other tools: accounts under `Assets` (or `Liabilities`
/// for credit cards), categories under `Expenses` or `Income`, people under
/// `Assets:Receivable` (what they owe you), and `Equity` for openings and corrections.
struct ExportNames {
    enum Style {
        /// ledger and hledger: names may hold spaces and most punctuation.
        case ledger
        /// beancount: each part starts with a capital letter or digit, then letters, digits, `-`.
        case beancount
    }

    let style: Style
    private var byID: [Int32: String] = [:]
    /// The same names in an array by id (nil where a name is not mapped): looked up once a line.
    private var byIndex: [String?] = []
    /// Each exported name's width on screen, by id (measured once).
    private var widths: [Int] = []

    static let opening = "Equity:Opening-Balances"
    static let corrections = "Equity:Corrections"

    init(_ ledger: Ledger, style: Style) {
        self.style = style
        let index = NameIndex(ledger)
        var used: Set<String> = []
        func assign(_ id: Int32, _ root: String) {
            guard byID[id] == nil else { return }
            let parts = ledger.names[id].split(separator: ":").map { clean(String($0)) }
            var name = ([root] + parts).joined(separator: ":")
            var suffix = 2
            while used.contains(name) { name = ([root] + parts).joined(separator: ":") + "-\(suffix)"; suffix += 1 }
            used.insert(name)
            byID[id] = name
        }
        for account in ledger.accounts { assign(account.name.id, account.kind == .credit ? "Liabilities" : "Assets") }
        for person in ledger.people { assign(person.name.id, "Assets:Receivable") }
        for id in ledger.names.names.indices.map({ Int32($0) }) {
            switch index.kind(of: id) {
            case .category?: assign(id, "Expenses")
            case .incomeCategory?: assign(id, "Income")
            default: break
            }
        }
        byIndex = [String?](repeating: nil, count: ledger.names.names.count)
        for (id, name) in byID where Int(id) < byIndex.count { byIndex[Int(id)] = name }
        widths = byIndex.map { $0.map(TextTable.width) ?? 0 }
    }

    /// `name(id)`'s width on screen.
    func width(_ id: Int32) -> Int {
        if id >= 0, Int(id) < widths.count, byIndex[Int(id)] != nil { return widths[Int(id)] }
        return TextTable.width(name(id))
    }

    func name(_ id: Int32) -> String {
        if id >= 0, Int(id) < byIndex.count, let name = byIndex[Int(id)] { return name }
        return byID[id] ?? "Unknown:" + String(id)
    }

    /// All mapped names by id.
    var all: [Int32: String] { byID }

    /// One part of an account name, made acceptable to the target tool.
    private func clean(_ part: String) -> String {
        switch style {
        case .ledger:
            // Two spaces or a tab would end the name; `;` starts a comment; brackets mean virtual.
            var out = ""
            for character in part {
                switch character {
                case "\t", ";", "(", ")", "[", "]": out.append("-")
                case " " where out.last == " ": continue
                default: out.append(character)
                }
            }
            return out.isEmpty ? "X" : out
        case .beancount:
            var out = ""
            for character in part {
                if let plain = Self.transliterations[character] { out += plain; continue }
                if character.isASCII && (character.isLetter || character.isNumber) { out.append(character) }
                else if out.last != "-" && !out.isEmpty { out.append("-") }
            }
            while out.last == "-" { out.removeLast() }
            guard let first = out.first else { return "X" }
            if first.isLetter { return first.uppercased() + out.dropFirst() }
            return first.isNumber ? out : "X" + out
        }
    }

    private static let transliterations: [Character: String] = [
        "à": "a", "á": "a", "â": "a", "ä": "a", "ã": "a", "å": "a", "æ": "ae", "ç": "c",
        "è": "e", "é": "e", "ê": "e", "ë": "e", "ì": "i", "í": "i", "î": "i", "ï": "i",
        "ñ": "n", "ò": "o", "ó": "o", "ô": "o", "ö": "o", "õ": "o", "ø": "o", "œ": "oe",
        "ù": "u", "ú": "u", "û": "u", "ü": "u", "ý": "y", "ÿ": "y", "ß": "ss",
        "À": "A", "Á": "A", "Â": "A", "Ä": "A", "Ç": "C", "È": "E", "É": "E", "Ê": "E", "Ë": "E",
        "Ì": "I", "Í": "I", "Î": "I", "Ï": "I", "Ñ": "N", "Ò": "O", "Ó": "O", "Ô": "O", "Ö": "O",
        "Ø": "O", "Ù": "U", "Ú": "U", "Û": "U", "Ü": "U", "Ý": "Y",
    ]
}
