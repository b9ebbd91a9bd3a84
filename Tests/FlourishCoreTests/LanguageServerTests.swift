import Foundation
import Testing
@testable import FlourishCore

/// `flourish lsp`, driven in-process with framed JSON-RPC messages, and once as a process.
@Suite struct LanguageServerTests {
    /// A conversation: each message framed, the replies parsed back.
    final class Client {
        let server: LanguageServer
        var nextID = 0

        init(server: LanguageServer = LanguageServer(today: { CivilDate(year: 2026, month: 11, day: 22)! })) {
            self.server = server
        }

        func send(_ message: String) -> [JSONValue] {
            Self.messages(server.receive(Self.framed(message)))
        }

        /// A message as it goes to the server: its header, then its body.
        static func framed(_ message: String) -> [UInt8] {
            Array("Content-Length: \(message.utf8.count)\r\n\r\n\(message)".utf8)
        }

        /// The messages in the server's bytes.
        static func messages(_ bytes: [UInt8]) -> [JSONValue] {
            var rest = bytes
            var messages: [JSONValue] = []
            while let (body, used) = LanguageServer.frame(rest) {
                rest.removeFirst(used)
                if let value = try? JSONParser.parse(body) { messages.append(value) }
            }
            return messages
        }

        func request(_ method: String, _ params: String) -> JSONValue? {
            nextID += 1
            return send("{\"jsonrpc\":\"2.0\",\"id\":\(nextID),\"method\":\"\(method)\",\"params\":\(params)}").first { $0["id"]?.intValue == nextID }
        }

        func notify(_ method: String, _ params: String) -> [JSONValue] {
            send("{\"jsonrpc\":\"2.0\",\"method\":\"\(method)\",\"params\":\(params)}")
        }
    }

    static let uri = "file:///nonexistent-flourish-lsp/budget.flourish"

    static func quoted(_ text: String) -> String { JSONValue.quote(text) }

    func opened(_ text: String) -> (Client, [JSONValue]) {
        let client = Client()
        _ = client.request("initialize", "{\"processId\":null,\"rootUri\":null,\"capabilities\":{}}")
        _ = client.notify("initialized", "{}")
        let published = client.notify("textDocument/didOpen",
                                      "{\"textDocument\":{\"uri\":\"\(Self.uri)\",\"languageId\":\"flourish\",\"version\":1,\"text\":\(Self.quoted(text))}}")
        return (client, published)
    }

    static let ledger = """
    currency USD
    account Bank checking
    category Food:Dining
    person Sam
    opening 2026-11-01 Bank 100.00
    allowance 2026-11-01 2.00

    2026-11-02 * Lunch
      Food:Dining  12.50
      Bank

    """

    @Test func initializeAnnouncesWhatItDoes() {
        let client = Client()
        let reply = client.request("initialize", "{\"capabilities\":{}}")
        #expect(reply?["result"]?["capabilities"]?["hoverProvider"] == .bool(true))
        #expect(reply?["result"]?["capabilities"]?["textDocumentSync"]?["change"]?.intValue == 2)
    }

    @Test func problemsArePublishedAsYouTypeTheBucketRuleIncluded() throws {
        let (client, published) = opened(Self.ledger)
        #expect(published.first?["params"]?["diagnostics"]?.arrayValue?.isEmpty == true)
        // Spending that overcommits the budget: the bucket rule's error appears.
        let broken = Self.ledger + "2026-11-03 * Treat\n  Food:Dining  60.00\n  Bank\n2026-11-03 x\n  Fod  1.00\n  Bank\n"
        let after = client.notify("textDocument/didChange",
                                  "{\"textDocument\":{\"uri\":\"\(Self.uri)\",\"version\":2},\"contentChanges\":[{\"text\":\(Self.quoted(broken))}]}")
        let diagnostics = try #require(after.first?["params"]?["diagnostics"]?.arrayValue)
        let codes = diagnostics.compactMap { $0["code"]?.stringValue }
        #expect(codes.contains("unknown-name"))
        let unknown = try #require(diagnostics.first { $0["code"]?.stringValue == "unknown-name" })
        #expect(unknown["range"]?["start"]?["line"]?.intValue == 14)
        #expect(unknown["range"]?["start"]?["character"]?.intValue == 2)
        #expect(unknown["message"]?.stringValue == "unknown account, category or person `Fod`\nhint: did you mean `Food`?"
                || unknown["message"]?.stringValue?.hasPrefix("unknown account, category or person `Fod`") == true)
        // Without the typo, the overspending breaks the bucket rule.
        let overspent = Self.ledger + "2026-11-03 * Treat\n  Food:Dining  80.00\n  Bank\n"
        let rule = client.notify("textDocument/didChange",
                                 "{\"textDocument\":{\"uri\":\"\(Self.uri)\",\"version\":3},\"contentChanges\":[{\"text\":\(Self.quoted(overspent))}]}")
        #expect(rule.first?["params"]?["diagnostics"]?.arrayValue?.compactMap { $0["code"]?.stringValue } == ["overcommitted"])
    }

    @Test func completionHoverDefinitionAndFormatting() throws {
        let (client, _) = opened(Self.ledger + "2026-11-04 x\n  \n")  // line 11 is the indented one
        let completion = try #require(client.request("textDocument/completion",
                                                     "{\"textDocument\":{\"uri\":\"\(Self.uri)\"},\"position\":{\"line\":11,\"character\":2}}"))
        let labels = completion["result"]?.arrayValue?.compactMap { $0["label"]?.stringValue } ?? []
        #expect(Array(labels.prefix(2)) == ["Bank", "Food:Dining"])  // most used first
        #expect(labels.contains("Sam"))
        let hover = client.request("textDocument/hover", "{\"textDocument\":{\"uri\":\"\(Self.uri)\"},\"position\":{\"line\":1,\"character\":9}}")
        #expect(hover?["result"]?["contents"]?["value"]?.stringValue == "**Bank** — account, declared at line 2\n\nbalance at the end of 2026-11-02: $87.50")
        let definition = client.request("textDocument/definition", "{\"textDocument\":{\"uri\":\"\(Self.uri)\"},\"position\":{\"line\":8,\"character\":4}}")
        #expect(definition?["result"]?["range"]?["start"]?["line"]?.intValue == 2)
        /// The document's whole text replaced, then the edits formatting it asks for.
        func formattingEdits(_ text: String, version: Int) -> [JSONValue] {
            _ = client.notify("textDocument/didChange", "{\"textDocument\":{\"uri\":\"\(Self.uri)\",\"version\":\(version)},\"contentChanges\":[{\"text\":\(Self.quoted(text))}]}")
            let reply = client.request("textDocument/formatting", "{\"textDocument\":{\"uri\":\"\(Self.uri)\"},\"options\":{\"tabSize\":2,\"insertSpaces\":true}}")
            return reply?["result"]?.arrayValue ?? []
        }
        // Only the line that changes is sent.
        let edits = formattingEdits("currency USD\naccount   Bank checking\n", version: 2)
        #expect(edits.count == 1 && edits.first?["newText"]?.stringValue == "account Bank checking\n")
        #expect(edits.first?["range"]?["start"]?["line"]?.intValue == 1 && edits.first?["range"]?["end"]?["line"]?.intValue == 2)
        // When more than half of the lines change, the whole document is one edit.
        let wholeEdits = formattingEdits("currency   USD\naccount   Bank checking\n", version: 3)
        #expect(wholeEdits.count == 1 && wholeEdits.first?["newText"]?.stringValue == "currency USD\naccount Bank checking\n")
        #expect(wholeEdits.first?["range"]?["start"]?["line"]?.intValue == 0 && wholeEdits.first?["range"]?["end"]?["line"]?.intValue == 2)
        // A last line without its line feed is replaced to the end of the text.
        let lastEdits = formattingEdits("currency USD\naccount   Bank checking", version: 4)
        #expect(lastEdits.count == 1 && lastEdits.first?["newText"]?.stringValue == "account Bank checking\n")
        #expect(lastEdits.first?["range"]?["start"]?["line"]?.intValue == 1 && lastEdits.first?["range"]?["start"]?["character"]?.intValue == 0)
        #expect(lastEdits.first?["range"]?["end"]?["line"]?.intValue == 1 && lastEdits.first?["range"]?["end"]?["character"]?.intValue == 23)
    }

    /// Formatting's edits, on random texts and their random changes: the runs of changed lines,
    /// applied to the old text, give the new one, and they are given exactly when both texts
    /// have as many lines and at most half of them differ (counted here line by line).
    @Test(arguments: 0..<200)
    func changedLinesRebuildTheNewText(seed: Int) {
        var generator = LedgerGenerator(seed: UInt64(7_000 + seed))
        let pool = ["a\n", "b\n", "  Bank  1\n", "\n", "é 😀\n", "a\r\n"]
        let oldLines = (0..<generator.next(8)).map { _ in pool[generator.next(pool.count)] }
        var newLines = oldLines.map { generator.next(3) == 0 ? pool[generator.next(pool.count)] : $0 }
        if generator.next(4) == 0 { newLines.append(pool[generator.next(pool.count)]) }
        if generator.next(4) == 0, !newLines.isEmpty { newLines.removeLast() }
        var old = Array(oldLines.joined().utf8)
        var new = Array(newLines.joined().utf8)
        // Sometimes the last line without its line feed.
        if generator.next(3) == 0, old.last == 0x0A { old.removeLast() }
        if generator.next(3) == 0, new.last == 0x0A { new.removeLast() }
        func split(_ text: [UInt8]) -> [ArraySlice<UInt8>] {
            var lines: [ArraySlice<UInt8>] = []
            var start = 0
            for (index, byte) in text.enumerated() where byte == 0x0A {
                lines.append(text[start...index])
                start = index + 1
            }
            if start < text.count { lines.append(text[start...]) }
            return lines
        }
        let (oldSplit, newSplit) = (split(old), split(new))
        let differing = zip(oldSplit, newSplit).filter { $0.0 != $0.1 }.count
        let expected = oldSplit.count == newSplit.count && differing * 2 <= oldSplit.count
        let starts = DocumentLines(old).starts
        let runs = LanguageServer.changedLines(from: old, to: new, oldStarts: starts)
        #expect((runs != nil) == expected, "\(oldSplit.count) lines, \(newSplit.count) new, \(differing) differ")
        guard let runs else { return }
        var rebuilt = old
        for run in runs.reversed() { rebuilt.replaceSubrange(run.old, with: new[run.new]) }
        #expect(rebuilt == new)
        // Runs are separate: none ends where the next begins.
        #expect(zip(runs, runs.dropFirst()).allSatisfy { $0.0.old.upperBound < $0.1.old.lowerBound })
    }

    /// Hovers show amounts the ledger's `display` way.
    @Test func hoversFollowTheDisplay() {
        let (client, _) = opened(Self.ledger.replacingOccurrences(of: "currency USD\n", with: "currency USD\ndisplay de-DE\n"))
        let hover = client.request("textDocument/hover", "{\"textDocument\":{\"uri\":\"\(Self.uri)\"},\"position\":{\"line\":2,\"character\":9}}")
        #expect(hover?["result"]?["contents"]?["value"]?.stringValue == "**Bank** — account, declared at line 3\n\nbalance at the end of 2026-11-02: 87,50 $")
    }

    @Test func robustToNonsense() {
        let client = Client()
        #expect(client.send("{not json")?.first?["error"]?["code"]?.intValue == -32700)
        #expect(client.request("textDocument/hover", "{}")?["error"]?["code"]?.intValue == -32002)
        _ = client.request("initialize", "{}")
        #expect(client.request("workspace/unknownThing", "{}")?["error"]?["code"]?.intValue == -32601)
        #expect(client.request("shutdown", "null")?["result"] == .null)
        _ = client.notify("exit", "null")
        #expect(client.server.exitStatus == 0)
    }

    /// A request and its cancellation arriving together: the request is answered with
    /// `RequestCancelled`; cancelling what was answered already changes nothing.
    @Test func cancellationOvertakesTheRequest() {
        let (client, _) = opened(Self.ledger)
        func frame(_ text: String) -> [UInt8] { Array("Content-Length: \(text.utf8.count)\r\n\r\n\(text)".utf8) }
        let hover = "{\"jsonrpc\":\"2.0\",\"id\":41,\"method\":\"textDocument/hover\",\"params\":{\"textDocument\":{\"uri\":\"\(Self.uri)\"},\"position\":{\"line\":1,\"character\":9}}}"
        let cancel = "{\"jsonrpc\":\"2.0\",\"method\":\"$/cancelRequest\",\"params\":{\"id\":41}}"
        var rest = client.server.receive(frame(hover) + frame(cancel))
        var replies: [JSONValue] = []
        while let (body, used) = LanguageServer.frame(rest) {
            rest.removeFirst(used)
            if let value = try? JSONParser.parse(body) { replies.append(value) }
        }
        #expect(replies.map { $0.compact() } == ["{\"jsonrpc\":\"2.0\",\"id\":41,\"error\":{\"code\":-32800,\"message\":\"the request was cancelled\"}}"])
        #expect(client.notify("$/cancelRequest", "{\"id\":1}").isEmpty)
        // A request split across two reads is answered once it is whole.
        let whole = frame(hover)
        #expect(client.server.receive(Array(whole[..<30])).isEmpty)
        #expect(!client.server.receive(Array(whole[30...])).isEmpty)
    }

    /// A burst of keystrokes that arrives together is checked once, after the last; a
    /// completion typed in the burst is answered first, from the last check, without one.
    @Test func aBurstOfChangesIsCheckedOnce() {
        let (client, _) = opened(Self.ledger)
        func frame(_ text: String) -> [UInt8] { Array("Content-Length: \(text.utf8.count)\r\n\r\n\(text)".utf8) }
        // Typing `  Foo` then `d:Dining  1` on a new line after the entry, a character at a time.
        var bytes: [UInt8] = []
        var column = 0
        for (version, character) in "  Fod:Dining  1".enumerated() {
            let change = "{\"range\":{\"start\":{\"line\":11,\"character\":\(column)},\"end\":{\"line\":11,\"character\":\(column)}},\"text\":\(Self.quoted(String(character)))}"
            bytes += frame("{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didChange\",\"params\":{\"textDocument\":{\"uri\":\"\(Self.uri)\",\"version\":\(version + 2)},\"contentChanges\":[\(change)]}}")
            column += 1
            if column == 4 {
                bytes += frame("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"textDocument/completion\",\"params\":{\"textDocument\":{\"uri\":\"\(Self.uri)\"},\"position\":{\"line\":11,\"character\":4}}}")
            }
        }
        let before = client.server.parseCount
        let replies = Client.messages(client.server.receive(bytes))
        #expect(replies.map { $0["method"]?.stringValue ?? "reply" } == ["reply", "textDocument/publishDiagnostics"])
        #expect(replies.first?["result"]?.arrayValue?.contains { $0["label"]?.stringValue == "Food:Dining" } == true)
        // One check of the one file for fifteen changes; its problem is the last text's.
        #expect(client.server.parseCount == before + 1)
        let problems = replies.last?["params"]?["diagnostics"]?.arrayValue ?? []
        #expect(problems.map { $0["code"]?.stringValue } == ["unknown-name"], "\(problems)")
    }

    /// As a process: messages in on standard input, only messages out on standard output.
    @Test func asAProcess() throws {
        let binary = TestSupport.root + "/.build/debug/flourish"
        guard FileManager.default.isExecutableFile(atPath: binary) else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["lsp"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        func frame(_ text: String) -> Data { Data(("Content-Length: \(text.utf8.count)\r\n\r\n" + text).utf8) }
        input.fileHandleForWriting.write(frame("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{}}"))
        input.fileHandleForWriting.write(frame("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"shutdown\"}"))
        input.fileHandleForWriting.write(frame("{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}"))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        let bytes = [UInt8](output.fileHandleForReading.readDataToEndOfFile())
        #expect(process.terminationStatus == 0)
        var rest = bytes
        var ids: [Int] = []
        while let (body, used) = LanguageServer.frame(rest) {
            rest.removeFirst(used)
            if let id = (try? JSONParser.parse(body))?["id"]?.intValue { ids.append(id) }
        }
        #expect(ids == [1, 2])
        #expect(rest.isEmpty)
    }
}

extension LanguageServerTests.Client {
    func send(_ message: String) -> [JSONValue]? { Optional(send(message) as [JSONValue]) }
}

/// The language server from a real editor: Neovim's built-in client, headless.
@Suite struct NeovimClientTests {
    @Test(.enabled(if: Tools.has("nvim"), "Neovim is not installed (apt-get install neovim)"))
    func neovimSeesProblemsAndHover() throws {
        let binary = TestSupport.root + "/.build/debug/flourish"
        guard FileManager.default.isExecutableFile(atPath: binary) else { return }
        let dir = TestSupport.temporaryDirectory()
        TestSupport.write("currency USD\naccount Bank checking\ncategory Food:Dining\nopening 2026-11-01 Bank 100.00\n\n2026-11-02 * Lunch\n  Fod:Dining  12.50\n  Bank\n", to: dir + "/ledger.flourish")
        TestSupport.write("""
        local out = {}
        local id = vim.lsp.start_client({ name = "flourish", cmd = { "\(binary)", "lsp" }, root_dir = "\(dir)" })
        vim.cmd("edit \(dir)/ledger.flourish")
        local buf = vim.api.nvim_get_current_buf()
        vim.lsp.buf_attach_client(buf, id)
        vim.wait(10000, function() return #vim.diagnostic.get(buf) > 0 end, 50)
        for _, d in ipairs(vim.diagnostic.get(buf)) do
          table.insert(out, string.format("%d:%d %s", d.lnum + 1, d.col + 1, d.code or ""))
        end
        local uri = vim.uri_from_bufnr(buf)
        for _, r in pairs(vim.lsp.buf_request_sync(buf, "textDocument/hover", { textDocument = { uri = uri }, position = { line = 7, character = 3 } }, 5000) or {}) do
          if r.result then table.insert(out, "hover " .. r.result.contents.value:gsub("\\n", " ")) end
        end
        -- Fix the typo in place: Neovim sends the change incrementally.
        vim.api.nvim_buf_set_text(buf, 6, 2, 6, 5, { "Food" })
        vim.wait(10000, function() return #vim.diagnostic.get(buf) == 0 end, 50)
        table.insert(out, "after the edit: " .. #vim.diagnostic.get(buf) .. " problems")
        for _, r in pairs(vim.lsp.buf_request_sync(buf, "textDocument/inlayHint", { textDocument = { uri = uri }, range = { start = { line = 0, character = 0 }, ["end"] = { line = 8, character = 0 } } }, 5000) or {}) do
          for _, hint in ipairs(r.result or {}) do table.insert(out, string.format("hint %d:%d %s", hint.position.line + 1, hint.position.character + 1, hint.label)) end
        end
        vim.fn.writefile(out, "\(dir)/out.txt")
        vim.lsp.stop_client(id)
        vim.cmd("qa!")
        """, to: dir + "/client.lua")
        try Tools.runNeovim(script: dir + "/client.lua")
        let lines = TestSupport.read(dir + "/out.txt").split(separator: "\n").map(String.init)
        #expect(lines.first == "7:3 unknown-name")
        #expect(lines.contains { $0.hasPrefix("hover **Bank** — account") && $0.contains("balance at the end of 2026-11-02: $87.50")
            && $0.hasSuffix("amount left out on this line: -$12.50") })
        #expect(lines.contains("after the edit: 0 problems"))
        #expect(lines.contains("hint 8:7 -$12.50"))
    }

    /// The debug build's `flourish`, which the editor starts as its server.
    static func builtServer() throws -> String {
        let binary = TestSupport.root + "/.build/debug/flourish"
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build flourish first (swift build)")
        return binary
    }

    /// editors/README.md's setup for Neovim 0.7 as it is written there, its server the build's.
    static func readmeSetup(binary: String) throws -> String {
        let readme = TestSupport.read(TestSupport.root + "/editors/README.md")
        let marked = try #require(readme.range(of: "<!-- neovim-0.7 -->\n```lua\n"))
        let end = try #require(readme.range(of: "\n```", range: marked.upperBound..<readme.endIndex))
        let setup = String(readme[marked.upperBound..<end.lowerBound])
        #expect(setup.contains("cmd = { \"flourish\", \"lsp\" }"))
        return setup.replacingOccurrences(of: "cmd = { \"flourish\", \"lsp\" }", with: "cmd = { \"\(binary)\", \"lsp\" }")
    }

    /// The README's 0.7 setup places problems by Neovim's byte columns though the server counts
    /// UTF-16 units (`é` is two bytes, one unit), reading only the problems' lines.
    @Test(.enabled(if: Tools.has("nvim"), "Neovim is not installed (apt-get install neovim)"))
    func neovim07SetupPlacesProblemsInBytes() throws {
        let binary = try Self.builtServer()
        let dir = TestSupport.temporaryDirectory()
        TestSupport.write("currency USD\naccount Bank checking\ncategory Café\nopening 2026-11-01 Bank 100.00\n\n2026-11-02 * Crème brûlée\n  Café  12.5.0\n  Bank\n", to: dir + "/ledger.flourish")
        TestSupport.write("""
        local out = {}
        \(try Self.readmeSetup(binary: binary))
        vim.cmd("filetype on")
        vim.cmd("autocmd BufRead,BufNewFile *.flourish setfiletype flourish")
        vim.cmd("edit \(dir)/ledger.flourish")
        local buf = vim.api.nvim_get_current_buf()
        vim.wait(10000, function() return #vim.diagnostic.get(buf) > 0 end, 50)
        for _, d in ipairs(vim.diagnostic.get(buf)) do
          -- The message's first line (its hint follows on the next).
          table.insert(out, string.format("%d:%d-%d %s %s", d.lnum + 1, d.col + 1, d.end_col + 1, d.code or "", d.message:match("[^\\n]*")))
        end
        for _, client in ipairs(vim.lsp.get_active_clients()) do
          table.insert(out, "own handler: " .. tostring(client.config.handlers["textDocument/publishDiagnostics"] ~= nil))
        end
        vim.fn.writefile(out, "\(dir)/out.txt")
        for _, client in ipairs(vim.lsp.get_active_clients()) do client.stop() end
        vim.cmd("qa!")
        """, to: dir + "/client.lua")
        try Tools.runNeovim(script: dir + "/client.lua")
        #expect(TestSupport.read(dir + "/out.txt") == "7:10-16 invalid-amount `12.5.0` is not an amount\nown handler: true\n")
    }

    /// The rest of what a newcomer checks, with the editors/vim files on the runtime path and
    /// the README's setup for Neovim 0.7: an included file checked with its main file (the
    /// bucket rule's error in it), completion through Neovim's omnifunc, a rename that edits
    /// both files, and format on save.
    @Test(.enabled(if: Tools.has("nvim"), "Neovim is not installed (apt-get install neovim)"))
    func neovimCompletesRenamesAcrossFilesAndFormatsOnSave() throws {
        let binary = try Self.builtServer()
        let dir = TestSupport.temporaryDirectory()
        TestSupport.write("currency USD\naccount Bank checking\ncategory Food\nopening 2026-11-01 Bank 100.00\nallowance 2026-11-01 2.00\ninclude \"2026.flourish\"\n", to: dir + "/main.flourish")
        TestSupport.write("2026-11-02 * Lunch\n  Food   12.50\n    Bank\n2026-11-03 Treat\n  Food  80.00\n  Bank\n", to: dir + "/2026.flourish")
        TestSupport.write("""
        local out = {}
        vim.opt.runtimepath:prepend("\(TestSupport.root)/editors/vim")
        vim.cmd("filetype plugin on")
        \(try Self.readmeSetup(binary: binary))
        vim.cmd("edit \(dir)/main.flourish")
        vim.wait(2000, function() return false end, 50)
        vim.cmd("edit \(dir)/2026.flourish")
        local buf = vim.api.nvim_get_current_buf()
        table.insert(out, "filetype " .. vim.bo[buf].filetype)
        vim.wait(10000, function() return #vim.diagnostic.get(buf) > 0 end, 50)
        for _, d in ipairs(vim.diagnostic.get(buf)) do
          table.insert(out, string.format("%d:%d %s", d.lnum + 1, d.col + 1, d.code or ""))
        end
        -- Completion at a new split line, as <C-x><C-o> asks for it.
        vim.api.nvim_buf_set_lines(buf, -1, -1, false, { "2026-11-04 Coffee", "  " })
        vim.api.nvim_win_set_cursor(0, { 8, 2 })
        local uri = vim.uri_from_bufnr(buf)
        for _, r in pairs(vim.lsp.buf_request_sync(buf, "textDocument/completion", { textDocument = { uri = uri }, position = { line = 7, character = 2 } }, 5000) or {}) do
          local labels = {}
          for _, item in ipairs(r.result or {}) do table.insert(labels, item.label) end
          table.insert(out, "completion " .. table.concat(labels, ","))
        end
        vim.api.nvim_buf_set_lines(buf, 6, 8, false, {})
        -- Rename Food from the included file: both files change.
        vim.api.nvim_win_set_cursor(0, { 2, 3 })
        vim.lsp.buf.rename("Eating")
        vim.wait(5000, function() return vim.api.nvim_buf_get_lines(buf, 1, 2, false)[1]:find("Eating") ~= nil end, 50)
        local main = vim.fn.bufnr("\(dir)/main.flourish")
        table.insert(out, "main line 3: " .. vim.api.nvim_buf_get_lines(main, 2, 3, false)[1])
        vim.api.nvim_buf_call(main, function() vim.cmd("silent write") end)
        vim.cmd("silent write")
        vim.fn.writefile(out, "\(dir)/out.txt")
        for _, client in ipairs(vim.lsp.get_active_clients()) do client.stop() end
        vim.cmd("qa!")
        """, to: dir + "/client.lua")
        try Tools.runNeovim(script: dir + "/client.lua")
        #expect(TestSupport.read(dir + "/out.txt") == "filetype flourish\n4:1 overcommitted\ncompletion Bank,Food\nmain line 3: category Eating\n")
        #expect(TestSupport.read(dir + "/2026.flourish") == "2026-11-02 * Lunch\n  Eating  12.50\n  Bank\n2026-11-03 Treat\n  Eating  80.00\n  Bank\n")
        #expect(TestSupport.read(dir + "/main.flourish").contains("category Eating\n"))
    }
}
