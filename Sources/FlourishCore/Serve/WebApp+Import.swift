/// The import page of `flourish serve`: upload a bank's CSV statement, pick a rules file from
/// the ledger's folder or write rules, see the entries `import --dry-run` would append (rows
/// already in the ledger listed, not imported again), then append them — `flourish import`'s
/// own code, refused when the file changed since the preview read it.
extension WebApp {
    /// The rules files beside the main file (`*.rules` in its folder and its `import/` folder).
    var rulesFiles: [String] {
        guard let main = options.paths.last else { return [] }
        let folder = FileSystem.directory(of: FileSystem.absolute(main))
        return (FileSystem.files(in: folder, endingWith: ".rules")
                + FileSystem.files(in: folder + "/import", endingWith: ".rules").map { "import/" + $0 }).filter { !$0.hasPrefix(".") }
    }

    /// The form: a statement, rules by name or written out.
    func importPage(notice: (String, Bool)? = nil, preview: String = "", status: Int = 200) -> HTTPResponse {
        var frame = shell("/import")
        if let notice { frame.actions = WebPages.notice(notice.0, refused: notice.1) }
        frame.actions += preview
        if loaded.readFailure != nil, let problems = problemsPage("/import") { return problems }
        let choices = rulesFiles.map { "<option value=\"\(HTMLPage.escape($0))\">\(HTMLPage.escape($0))</option>" }.joined()
        frame.footer = "<section class=\"add-form\" aria-labelledby=\"h-import\">\n<h1 id=\"h-import\">Import a bank statement</h1>\n"
            + "<p class=\"subtitle\">The entries are shown first; nothing is written until you append them. "
            + "Rows already in the ledger are never imported twice.</p>\n"
            + "<form class=\"add\" method=\"post\" action=\"/import\" enctype=\"multipart/form-data\">\n"
            + "<label>Statement (CSV) <input type=\"file\" name=\"statement\" accept=\".csv,text/csv\" required=\"required\" /></label>\n"
            + "<label>Rules <select name=\"rules\">\(choices)<option value=\"\">the rules written below</option></select></label>\n"
            + "<label>Rules, written out <textarea name=\"rulestext\" rows=\"6\" placeholder=\"account Bank&#10;date-format %d/%m/%Y&#10;…\"></textarea></label>\n"
            + "<button type=\"submit\">Preview</button>\n</form>\n</section>\n"
        return .html(HTMLPage(title: "Import a bank statement", shell: frame).rendered, status: status)
    }

    /// `POST /import`: an upload to preview (multipart), or a preview's entries to append.
    func importing(_ request: HTTPRequest) -> HTTPResponse {
        var fields: [String: [UInt8]] = [:]
        var statementName = "statement.csv"
        if let boundary = request.header("content-type").flatMap(MultipartForm.boundary) {
            guard let parts = MultipartForm.decode(request.body, boundary: boundary) else {
                return importPage(notice: ("The upload did not arrive whole; send it again.", true), status: 400)
            }
            for part in parts where fields[part.name] == nil {
                fields[part.name] = part.bytes
                if part.name == "statement", let name = part.filename, !name.isEmpty { statementName = name }
            }
        } else {
            for field in FormFields.decode(request.body) where fields[field.name] == nil { fields[field.name] = Array(field.value.utf8) }
            guard let hex = fields["statement"].map({ String(decoding: $0, as: UTF8.self) }), let bytes = Self.bytes(fromHex: hex) else {
                return importPage(notice: ("The statement did not arrive whole; upload it again.", true), status: 400)
            }
            fields["statement"] = bytes
            statementName = fields["name"].map { String(decoding: $0, as: UTF8.self) } ?? statementName
        }
        func text(_ name: String) -> String { fields[name].map { String(decoding: $0, as: UTF8.self) } ?? "" }
        guard let statement = fields["statement"], !statement.isEmpty else {
            return importPage(notice: ("Choose a statement to upload.", true), status: 422)
        }
        // The rules: a file of the list (never another path), or the text written.
        guard let main = options.paths.last else { return .text("no ledger", status: 500) }
        let folder = FileSystem.directory(of: FileSystem.absolute(main))
        let chosen = text("rules")
        let rules: SourceFile
        if !chosen.isEmpty {
            guard rulesFiles.contains(chosen), let bytes = try? FileSystem.read(folder + "/" + chosen) else {
                return importPage(notice: ("Pick rules from the list.", true), status: 422)
            }
            rules = SourceFile(path: folder + "/" + chosen, bytes: bytes)
        } else {
            guard !text("rulestext").isEmpty else { return importPage(notice: ("Pick rules, or write them.", true), status: 422) }
            rules = SourceFile(path: folder + "/written.rules", bytes: fields["rulestext"] ?? [])
        }
        let shownName = statementName.split(separator: "/").last.map(String.init) ?? statementName
        let append = text("step") == "append"
        let stdout = CapturedOutput()
        let stderr = CapturedOutput()
        var context = Flourish.Context(environment: options.environment, stdout: stdout, stderr: stderr, today: today)
        context.allowedIncludes += options.allowedIncludes
        if append { context.expectedVersion = text("version") }
        let status: ExitCode
        do {
            status = try ImportCommand.importStatement(statement, csvPath: shownName, rules: rules, into: main, dryRun: !append, context)
        } catch {
            return importPage(notice: (error.message, true), status: 400)
        }
        refresh()
        guard status == .success else {
            return importPage(notice: (stderr.text + stdout.text, true), status: status == .ioError ? 409 : 422)
        }
        if append {
            if options.commit { stdout.write(commit(main, what: ["import", shownName])) }
            return importPage(notice: (stderr.text + stdout.text, false))
        }
        // The preview, and the form that appends exactly it (the statement carried as hex, so
        // a statement in Latin-1 arrives as sent).
        var preview = "<section aria-labelledby=\"h-preview\">\n<h2 id=\"h-preview\">Preview</h2>\n<div class=\"wide\"><pre>"
            + HTMLPage.escape(stderr.text + stdout.text) + "</pre></div>\n"
        if !stdout.text.hasPrefix("would import 0 ") {
            preview += "<form method=\"post\" action=\"/import\">" + hidden("step", "append") + hidden("version", loaded.mainVersion)
                + hidden("statement", Self.hex(statement)) + hidden("name", shownName) + hidden("rules", chosen) + hidden("rulestext", text("rulestext"))
                + "<button type=\"submit\">Append these entries</button></form>\n"
        }
        return importPage(preview: preview + "</section>\n")
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".unicodeScalars)
        var out = String.UnicodeScalarView()
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 15)])
        }
        return String(out)
    }

    static func bytes(fromHex text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = FormFields.hexValue(digits[index]), let low = FormFields.hexValue(digits[index + 1]) else { return nil }
            out.append(high << 4 | low)
            index += 2
        }
        return out
    }
}
