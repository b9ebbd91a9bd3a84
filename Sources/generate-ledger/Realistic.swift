// The realistic shape (issue 15): what an independent household ledger looks like, as
// opposed to the generator's plain one. About 160 bytes and 3 split lines an entry.
//
//   PREFIX.flourish            declarations, the plan, and `include "PREFIX-years/YYYY.flourish"`
//   PREFIX-years/YYYY.flourish one file per year of entries and weekly balance assertions
//   PREFIX.journal             the same transactions for ledger and hledger, in one file

import FlourishCore
#if canImport(Glibc)
import Glibc
#endif

private let shapeAccounts: [(name: String, journal: String, kind: String)] = [
    ("\"Compte Chèque\"", "Assets:Compte Chèque", "checking"),
    ("\"Livret A\"", "Assets:Livret A", "savings"),
    ("Espèces", "Assets:Espèces", "cash reserve"),
    ("\"Carte Visa\"", "Liabilities:Carte Visa", "credit"),
]
private let shapeCategories: [(name: String, journal: String)] = [
    ("Alimentation:Courses", "Expenses:Alimentation:Courses"), ("\"Alimentation:Café & Bar\"", "Expenses:Alimentation:Café & Bar"),
    ("Transport", "Expenses:Transport"), ("Santé", "Expenses:Santé"), ("\"Maison:Petits travaux\"", "Expenses:Maison:Petits travaux"),
    ("Loisirs", "Expenses:Loisirs"), ("Cadeaux", "Expenses:Cadeaux"), ("Voyages", "Expenses:Voyages"),
    ("Livres", "Expenses:Livres"), ("Téléphone", "Expenses:Téléphone"), ("Électricité", "Expenses:Électricité"),
    ("Vêtements", "Expenses:Vêtements"),
]
private let shapePeople: [(name: String, journal: String)] = [("Zoë", "Assets:Receivable:Zoë"), ("\"Sam Lee\"", "Assets:Receivable:Sam Lee"),
                                                          ("Alex", "Assets:Receivable:Alex")]
private let shapePlaces = ["Supermarché du coin", "Marché de la place, stand des Dupont", "Boulangerie Paul", "Pharmacie centrale",
                      "Librairie des Écoles", "SNCF, billet aller-retour", "Café de la Gare", "Bricolage & Jardin",
                      "Opérateur mobile", "Fournisseur d'électricité"]
private let shapeDetails = ["courses de la semaine, pain, fromage et légumes", "pour la maison, ampoules, vis et colle",
                       "avec les enfants, goûter et boissons", "remboursement partiel prévu, garder le ticket",
                       "facture mensuelle, prélèvement automatique", "cadeau d'anniversaire, emballage compris"]
private let shapeTags = ["#famille", "#travail", "#vacances", "#santé", "#maison"]
private let shapeNotes = ["; payé sans contact", "; à vérifier sur le relevé", "; ticket dans le classeur", "; part de Zoë incluse"]

/// Writes the three outputs; returns the exit status.
func writeRealistic(count: Int, prefix: String) -> Int32 {
    var numbers = Numbers()
    let folderName = (prefix.split(separator: "/").last.map(String.init) ?? prefix) + "-years"
    let folder = prefix + "-years"
    mkdir(folder, 0o755)
    guard let main = Output(prefix + ".flourish"), let journal = Output(prefix + ".journal") else { return 73 }
    let startDay = 10_957  // 2000-01-01
    let days = 7_305
    let perDay = max(1, (count + days - 1) / days)
    var head = "; A household ledger of the realistic shape: \(count) entries over twenty years (generate-ledger --realistic).\n"
    head += "currency EUR\n"
    for account in shapeAccounts { head += "account \(account.name) \(account.kind)\n" }
    head += "category Salaire income\ncategory Loyer\n"
    for category in shapeCategories { head += "category \(category.name)\n" }
    for person in shapePeople { head += "person \(person.name)\n" }
    let start = dateText(startDay)
    // Enough to cover a month of entries (about 3 lines of 25.00 each) with some to spare.
    let salary = 300_000 + perDay * 30 * 10_000
    head += "\nopening \(start) \"Compte Chèque\" 5000.00\nopening \(start) Espèces 800.00\nallowance \(start) 45.00\n"
    head += "earmark \(start) Loyer 1100.00 due 1\nbudget \(start) Alimentation:Courses \(cents(perDay * 30 * 1_200))\n"
    head += "goal \(start) \"Fonds d'urgence\" 10000.00\nincome \(start) \(cents(salary)) monthly\n\n"
    journal.write("; The same transactions as the .flourish files, for ledger and hledger.\n\n")
    journal.write("\(start) Ouverture\n    Assets:Compte Chèque  €5000.00\n    Assets:Espèces  €800.00\n    Equity:Opening\n\n")
    var balances: [String: Int] = ["\"Compte Chèque\"": 500_000, "Espèces": 80_000]
    let journalName = Dictionary(uniqueKeysWithValues: (shapeAccounts.map { ($0.name, $0.journal) } + shapeCategories.map { ($0.name, $0.journal) }
        + shapePeople.map { ($0.name, $0.journal) } + [("Salaire", "Income:Salaire"), ("Loyer", "Expenses:Loyer")]))
    var written = 0
    var day = startDay
    var year = ""
    var file: Output?
    var includes: [String] = []
    while written < count && day < startDay + days {
        let date = dateText(day)
        if String(date.prefix(4)) != year {
            year = String(date.prefix(4))
            file = Output("\(folder)/\(year).flourish")
            includes.append("include \"\(folderName)/\(year).flourish\"\n")
            file?.write("; \(year)\n\n")
        }
        var text = ""
        var journalText = ""
        /// One entry: lines with amounts, then the payer, whose amount is left out most times.
        func entry(_ description: String, _ lines: [(String, Int, String?)], payer: String) {
            let tagged = numbers.next(10) < 3 ? "  " + shapeTags[numbers.next(shapeTags.count)] + (numbers.next(3) == 0 ? " " + shapeTags[numbers.next(shapeTags.count)] : "") : ""
            let quoted = StringLiteral.description(description)
            text += "\(date) * \(quoted)\(tagged)\(numbers.next(8) == 0 ? "  " + shapeNotes[numbers.next(shapeNotes.count)] : "")\n"
            journalText += "\(date) * \(description)\n"
            var sum = 0
            for (target, amount, note) in lines {
                text += "  \(target)  \(cents(amount))\(note.map { "  " + $0 } ?? "")\n"
                journalText += "    \(journalName[target] ?? target)  €\(cents(amount))\n"
                balances[target, default: 0] += amount
                sum += amount
            }
            if numbers.next(10) < 7 {
                text += "  \(payer)\n\n"
            } else {
                text += "  \(payer)  \(cents(-sum))\n\n"
            }
            journalText += "    \(journalName[payer] ?? payer)\n\n"
            balances[payer, default: 0] -= sum
            written += 1
        }
        if date.hasSuffix("-01") {
            entry("Salaire, virement de l'employeur", [("Salaire", -salary, nil)], payer: "\"Compte Chèque\"")
            entry("Loyer, appartement rue des Lilas", [("Loyer", 110_000, nil)], payer: "\"Compte Chèque\"")
            let owed = -(balances["\"Carte Visa\""] ?? 0)
            if owed > 0 { entry("Prélèvement carte, relevé du mois", [("\"Carte Visa\"", owed, nil)], payer: "\"Compte Chèque\"") }
            let cash = balances["Espèces"] ?? 0
            if cash < 40_000 { entry("Retrait, distributeur de la gare", [("Espèces", 40_000 - cash + perDay * 30 * 3_000, nil)], payer: "\"Compte Chèque\"") }
            text += "move \(date) 100.00 to \"Fonds d'urgence\"\n\n"
        }
        var today = 0
        while today < perDay && written < count {
            let payer = [shapeAccounts[0].name, shapeAccounts[3].name, shapeAccounts[2].name][numbers.next(3)]
            let description = shapePlaces[numbers.next(shapePlaces.count)] + ", " + shapeDetails[numbers.next(shapeDetails.count)]
            var lines: [(String, Int, String?)] = []
            for _ in 0..<(1 + numbers.next(5)) {
                let note = numbers.next(6) == 0 ? shapeNotes[numbers.next(shapeNotes.count)] : nil
                lines.append((shapeCategories[numbers.next(shapeCategories.count)].name, 100 + numbers.next(4_900), note))
            }
            if numbers.next(8) == 0 {
                let person = shapePeople[numbers.next(shapePeople.count)].name
                lines.append((person, 500 + numbers.next(2_000), nil))
            }
            entry(description, lines, payer: payer)
            today += 1
        }
        // Weekly: the checking account's balance asserted on Sundays (day 10,957 was a Saturday).
        if (day - 10_957) % 7 == 1 {
            text += "balance \(date) \"Compte Chèque\" \(cents(balances["\"Compte Chèque\""] ?? 0))\n\n"
        }
        file?.write(text)
        journal.write(journalText)
        day += 1
    }
    main.write(head + includes.joined())
    return 0
}
