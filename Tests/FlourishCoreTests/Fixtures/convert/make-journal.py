#!/usr/bin/env python3
"""Writes household.journal, 2025.journal and 2026.journal: two years of a household kept in
hledger (a credit card, savings, a friend who owes money, budgets, balance assertions after
every month, tags, comments), with a few things Flourish cannot take (a price, a purchase in
euros with a cost, a virtual posting, a payee directive). The balance assertions are worked
out here; hledger checks them. Run it from this folder; the tests read the files it wrote."""
from decimal import Decimal as D

def money(x):
    return f"${x:,.2f}" if x >= 0 else f"-${-x:,.2f}"

main = """; The Okafor household, kept in hledger since January 2025.
; Two files, one a year; budgets and accounts here.

commodity $1,000.00
account Assets:Bank:Checking
account Assets:Bank:Savings
account Liabilities:Visa
account Assets:Receivable:Sam
payee Employer

~ monthly from 2025-01-01
    Expenses:Food:Groceries   $400.00
    Expenses:Food:Dining      $150.00
    Assets:Bank:Checking

P 2025-01-01 EUR $1.08

include 2025.journal
include 2026.journal
"""

checking = D("0")
visa = D("0")
sam = D("0")

def year(y):
    global checking, visa, sam
    out = [f"; {y}", ""]
    if y == 2025:
        out += ["2025-01-01 * Opening balances",
                "    Assets:Bank:Checking     $2,450.00",
                "    Assets:Bank:Savings      $5,000.00",
                "    Liabilities:Visa          -$310.20",
                "    Equity:Opening Balances", ""]
        checking += D("2450.00"); visa += D("-310.20")
    for m in range(1, 13):
        d = lambda day: f"{y}-{m:02d}-{day:02d}"
        rent = D("1100.00") if y == 2025 else D("1150.00")
        groceries = D(f"{80 + (m * 7) % 30}.{(m * 13) % 100:02d}")
        dining = D(f"{40 + (m * 11) % 50}.00")
        out += [f"{d(1)} * Employer | Salary for {y}-{m:02d}  ; payroll",
                "    Assets:Bank:Checking    $3,200.00",
                "    Income:Salary", ""]
        checking += D("3200")
        out += [f"{d(2)} * (1{m:03d}) Rent  ; :home:",
                f"    Expenses:Housing:Rent   {money(rent)}",
                "    Assets:Bank:Checking", ""]
        checking -= rent
        out += [f"{d(6)} Weekly shop, \"Marché\" and bakery",
                f"    Expenses:Food:Groceries   {money(groceries)}  ; receipt in the drawer",
                "    Liabilities:Visa", ""]
        visa -= groceries
        out += [f"{d(12)} ! Dinner with Sam  ; friends:, who:sam",
                f"    Expenses:Food:Dining     {money(dining)}",
                f"    Assets:Receivable:Sam    {money(dining / 2)}",
                f"    Liabilities:Visa        {money(-(dining + dining / 2))}", ""]
        visa -= dining + dining / 2; sam += dining / 2
        out += [f"{d(15)} * Internet and phone",
                "    Expenses:Utilities:Internet   $45.00",
                "    Expenses:Utilities:Phone      $25.50",
                "    Assets:Bank:Checking", ""]
        checking -= D("70.50")
        if m % 3 == 0:
            out += [f"{d(20)} * Sam pays me back",
                    f"    Assets:Bank:Checking    {money(sam)}",
                    f"    Assets:Receivable:Sam   {money(-sam)}  = $0.00", ""]
            checking += sam; sam = D("0")
        if y == 2025 and m == 6:
            out += [f"{d(18)} * Train in Lyon  ; trip:france",
                    "    Expenses:Travel   120.00 EUR @ $1.10",
                    "    Liabilities:Visa  -$132.00", ""]
            visa -= D("132.00")
        if y == 2026 and m == 4:
            out += [f"{d(9)} * Farmers market",
                    "    Expenses:Food:Groceries    $35.00",
                    "    (Budget:Food)             -$35.00",
                    "    Assets:Bank:Checking", ""]
            checking -= D("35.00")
        pay = -visa
        out += [f"{d(25)} * Pay the card",
                f"    Liabilities:Visa        {money(pay)} = $0.00",
                "    Assets:Bank:Checking", ""]
        visa = D("0"); checking -= pay
        out += [f"{d(26)} * To savings",
                "    Assets:Bank:Savings      $300.00",
                "    Assets:Bank:Checking", ""]
        checking -= D("300")
        out += [f"{d(28)} * Month end",
                f"    Assets:Bank:Checking  $0 = {money(checking)}", ""]
    return "\n".join(out)

open("household.journal", "w").write(main)
open("2025.journal", "w").write(year(2025))
open("2026.journal", "w").write(year(2026))
