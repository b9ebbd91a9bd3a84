/// Diagnostics for machines: GitHub Actions workflow commands, and JSON (docs/json.md).
extension DiagnosticRenderer {
    /// `::error file=F,line=L,col=C,endColumn=E,title=flourish ID::MESSAGE` per diagnostic, so
    /// that a pull request shows each problem on its line. The hint follows on a second line.
    public func github(_ diagnostics: [Diagnostic]) -> String {
        var out = ""
        for diagnostic in diagnostics {
            let (line, column) = position(of: diagnostic.location)
            let width = max(1, endColumn(diagnostic.location) - column)
            let command = diagnostic.severity == .error ? "error" : "warning"
            let path = files[Int(diagnostic.location.file)].path
            var message = diagnostic.message
            if let hint = diagnostic.hint { message += "\nhint: " + hint }
            out += "::\(command) file=\(Self.property(path)),line=\(line),col=\(column),endColumn=\(column + width)"
            out += ",title=\(Self.property("flourish " + diagnostic.id))::\(Self.data(message))\n"
        }
        return out
    }

    /// A JSON array of `{file, line, column, severity, id, message, hint, notes}`.
    public func json(_ diagnostics: [Diagnostic]) -> String {
        func place(_ location: SourceLocation) -> [(String, JSONValue)] {
            let (line, column) = position(of: location)
            return [("file", .string(files[Int(location.file)].path)), ("line", .integer(line)), ("column", .integer(column))]
        }
        let items: [JSONValue] = diagnostics.map { diagnostic in
            .object(place(diagnostic.location) + [
                ("severity", .string(diagnostic.severity.rawValue)),
                ("id", .string(diagnostic.id)),
                ("message", .string(diagnostic.message)),
                ("hint", diagnostic.hint.map(JSONValue.string) ?? .null),
                ("notes", .array(diagnostic.notes.map { note in .object([("message", .string(note.message))] + place(note.location)) })),
            ])
        }
        return JSONValue.array(items).rendered()
    }

    /// The column just after the location's last character.
    private func endColumn(_ location: SourceLocation) -> Int {
        let end = SourceLocation(file: Int(location.file), range: Int(location.end)..<Int(location.end))
        let (startLine, startColumn) = position(of: location)
        let (endLine, column) = position(of: end)
        return endLine == startLine ? column : startColumn + 1
    }

    /// Escaping for a workflow command's message, per GitHub's rules, on Unicode scalars (so
    /// CR LF is two escapes, not one character). Other control characters are shown as
    /// `\u{…}`, and `##[` gets an invisible word joiner, as in every other output.
    static func data(_ text: String) -> String {
        var out = ""
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case "#" where index + 2 < scalars.count && scalars[index + 1] == "#" && scalars[index + 2] == "[":
                out.unicodeScalars.append(scalar)
                out.unicodeScalars.append(GuardedOutput.joiner)
            default:
                if ControlCharacter.isUnsafe(scalar) { out += GuardedOutput.visible(scalar) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    /// Escaping for a workflow command's property value: the message's, plus `:` and `,`.
    static func property(_ text: String) -> String {
        var out = ""
        for scalar in data(text).unicodeScalars {
            switch scalar {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
