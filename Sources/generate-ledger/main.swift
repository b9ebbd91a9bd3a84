// Writes a deterministic synthetic household ledger of N entries, as Flourish and as a
// ledger/hledger journal with the same transactions, for Benchmarks/run.
//
//     generate-ledger N OUTPUT-PREFIX   →  OUTPUT-PREFIX.flourish, OUTPUT-PREFIX.journal
//     generate-ledger N OUTPUT-PREFIX --realistic
//         the shape of a real household's ledger (Realistic.swift): quoted names with spaces
//         and letters beyond ASCII, long descriptions with commas, tags, trailing comments,
//         1–6 split lines, left-out amounts, weekly balance assertions, one include per year.

import FlourishCore
#if canImport(Glibc)
import Glibc
#endif

/// A linear congruential generator: the same numbers on every run and machine.
struct Numbers {
    var state: UInt64 = 0x5EED_F10E_15AA_0001
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}

/// Buffered writing of one output file.
final class Output {
    let file: UnsafeMutablePointer<FILE>
    init?(_ path: String) {
        guard let file = fopen(path, "w") else { return nil }
        self.file = file
    }
    func write(_ text: String) { fputs(text, file) }
    deinit { fclose(file) }
}

func cents(_ value: Int) -> String {
    let sign = value < 0 ? "-" : ""
    let magnitude = abs(value)
    let fraction = magnitude % 100
    return "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}

func dateText(_ day: Int) -> String {
    CivilDate(dayNumber: day).description
}

var arguments = CommandLine.arguments
// `--realistic`: the shape of a household's own ledger rather than the generator's plain one.
let realistic = arguments.contains("--realistic")
arguments.removeAll { $0 == "--realistic" }
guard arguments.count == 3, let count = Int(arguments[1]), count > 0 else {
    print("usage: generate-ledger N OUTPUT-PREFIX [--realistic]")
    exit(64)
}
if realistic {
    exit(writeRealistic(count: count, prefix: arguments[2]))
}
guard let flourish = Output(arguments[2] + ".flourish"), let journal = Output(arguments[2] + ".journal") else {
    print("generate-ledger: cannot write \(arguments[2]).*")
    exit(73)
}

let startDay = 10_957  // 2000-01-01
let days = 7_305       // twenty years
let perDay = max(1, (count + days - 1) / days)
let categories = ["Food:Groceries", "Food:Dining", "Transport", "Health", "Streaming", "Clothes", "Home", "Gifts",
                  "Travel", "Books", "Phone", "Utilities"]
let payers = ["Bank", "Visa", "Cash"]
let people = ["Sam", "Zoe", "Alex"]
let journalName: [String: String] = ["Bank": "Assets:Bank", "Savings": "Assets:Savings", "Cash": "Assets:Cash",
                                     "Visa": "Liabilities:Visa", "Salary": "Income:Salary", "Rent": "Expenses:Rent"]
func journalAccount(_ name: String) -> String {
    if let mapped = journalName[name] { return mapped }
    if people.contains(name) { return "Assets:Receivable:" + name }
    return "Expenses:" + name
}

// Declarations and plan.
var out = "; Synthetic household ledger: \(count) entries over twenty years (generate-ledger).\n"
out += "currency USD\naccount Bank checking\naccount Savings savings\naccount Cash cash reserve\naccount Visa credit\n"
out += "category Salary income\ncategory Rent\n"
for category in categories { out += "category \(category)\n" }
for person in people { out += "person \(person)\n" }
let salary = 400_000 + perDay * 30 * 3_000
let start = dateText(startDay)
out += "\nopening \(start) Bank 5000.00\nopening \(start) Cash 1000.00\nallowance \(start) 40.00\n"
out += "earmark \(start) Rent 1500.00 due 1\nbudget \(start) Food:Groceries \(cents(perDay * 30 * 900))\n"
out += "goal \(start) \"Rainy day\" 10000.00\nincome \(start) \(cents(salary)) monthly\nsavings-target \(start) 20%\n"
out += "subscription \(start) Streaming 15.49 monthly next \(start) from Visa category Streaming\n\n"
flourish.write(out)
journal.write("; The same transactions as the .flourish file, for ledger and hledger.\n\n")
journal.write("\(start) Opening\n    Assets:Bank  $5000.00\n    Assets:Cash  $1000.00\n    Equity:Opening\n\n")

var numbers = Numbers()
var written = 0
var balances: [String: Int] = ["Bank": 500_000, "Cash": 100_000]
var day = startDay
while written < count && day < startDay + days {
    let date = dateText(day)
    var text = ""
    var journalText = ""
    /// One entry; the last line's amount is left out and balances the others.
    func entry(_ description: String, _ lines: [(String, Int)], balancedBy last: String) {
        text += "\(date) * \(description)\n"
        journalText += "\(date) * \(description)\n"
        var sum = 0
        for (target, amount) in lines {
            text += "  \(target)  \(cents(amount))\n"
            journalText += "    \(journalAccount(target))  $\(cents(amount))\n"
            balances[target, default: 0] += amount
            sum += amount
        }
        text += "  \(last)\n\n"
        journalText += "    \(journalAccount(last))\n\n"
        balances[last, default: 0] -= sum
        written += 1
    }
    if date.hasSuffix("-01") {
        entry("Salary", [("Salary", -salary)], balancedBy: "Bank")
        entry("Rent", [("Rent", 150_000)], balancedBy: "Bank")
        let owed = -(balances["Visa"] ?? 0)
        if owed > 0 { entry("Card payment", [("Visa", owed)], balancedBy: "Bank") }
        if (balances["Cash"] ?? 0) < 50_000 { entry("Cash withdrawal", [("Cash", 50_000)], balancedBy: "Bank") }
        text += "move \(date) 100.00 to \"Rainy day\"\n\n"
    }
    var today = 0
    while today < perDay && written < count {
        let category = categories[numbers.next(categories.count)]
        let amount = 100 + numbers.next(4_900)
        let payer = payers[numbers.next(payers.count)]
        if numbers.next(10) == 0 {
            let person = people[numbers.next(people.count)]
            let share = amount / 2
            entry("Shared \(category.lowercased()) with \(person)  #shared", [(category, amount - share), (person, share)], balancedBy: payer)
        } else if numbers.next(25) == 0 {
            let person = people[numbers.next(people.count)]
            entry("\(person) paid me back", [("Bank", 1_000)], balancedBy: person)
        } else {
            entry("\(category) purchase", [(category, amount)], balancedBy: payer)
        }
        today += 1
    }
    if dateText(day + 1).hasSuffix("-01") {
        text += "balance \(date) Bank \(cents(balances["Bank"] ?? 0))\n\n"
    }
    flourish.write(text)
    journal.write(journalText)
    day += 1
}
