/// The manual page, `docs/flourish.1`, made from the help texts (`flourish help --man`), so
/// the two say the same thing; a test keeps the file equal to this output.
enum ManPage {
    static var text: String {
        var out = [
            #".TH FLOURISH 1 "" "\#(escape(HelpText.version))" "User Commands""#,
            ".SH NAME",
            #"flourish \- a plain-text budgeting ledger"#,
            ".SH SYNOPSIS",
            ".B flourish",
            #"\fIcommand\fR [\fIoptions\fR] [\fIfile\fR ...]"#,
            ".SH DESCRIPTION",
        ]
        out += block(HelpText.main)
        out.append(".SH COMMANDS")
        for command in Flourish.commands {
            guard let page = HelpText.page(for: command) else { continue }
            out.append(#".SS "flourish \#(escape(command))""#)
            out += block(page)
        }
        out += [".SH FILES", #"\fIeditors/README.md\fR in the source: editor setups for \fBflourish lsp\fR."#,
                ".SH SEE ALSO", #"\fBhledger\fR(1), \fBledger\fR(1), \fBbean-check\fR(1)"#]
        return out.joined(separator: "\n") + "\n"
    }

    /// A help text as it reads in the terminal: lines kept as they are.
    private static func block(_ text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let trimmed = lines.reversed().drop(while: \.isEmpty).reversed()
        return [".nf"] + trimmed.map(escape) + [".fi"]
    }

    /// troff's special characters: backslashes, hyphens, characters outside ASCII, and a control
    /// character at a line's start.
    private static func escape(_ line: String) -> String {
        var text = ""
        for scalar in line.unicodeScalars {
            switch scalar {
            case "\\": text += #"\e"#
            case "-": text += #"\-"#
            case _ where scalar.isASCII: text.unicodeScalars.append(scalar)
            default:
                // Outside ASCII, by code point: groff reads its input as Latin-1.
                let hex = String(scalar.value, radix: 16, uppercase: true)
                text += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        if text.hasPrefix(".") || text.hasPrefix("'") { text = #"\&"# + text }
        return text
    }
}
