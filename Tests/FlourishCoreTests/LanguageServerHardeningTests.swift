import Foundation
import Testing
@testable import FlourishCore

/// The language server reads bytes from another program: it reads only files in the workspace
/// folders, and no byte stream crashes it or loses its framing.
@Suite struct LanguageServerHardeningTests {
    typealias Client = LanguageServerTests.Client

    func framed(_ body: String) -> [UInt8] { LanguageServerTests.Client.framed(body) }

    func bodies(_ bytes: [UInt8]) -> [JSONValue] { Client.messages(bytes) }

    /// A workspace with a ledger, and a secret outside it.
    func workspace() -> (folder: String, outside: String) {
        let top = TestSupport.temporaryDirectory()
        try? FileManager.default.createDirectory(atPath: top + "/work", withIntermediateDirectories: true)
        try? FileManager.default.createDirectory(atPath: top + "/etc", withIntermediateDirectories: true)
        TestSupport.write("currency USD\naccount Bank checking\nopening 2026-01-01 Bank 1.00\n", to: top + "/work/budget.flourish")
        TestSupport.write("currency USD\naccount SECRET-OUTSIDE checking\n", to: top + "/etc/x.flourish")
        TestSupport.write("root:x:0:0:SECRET-SHADOW\n", to: top + "/etc/shadow")
        return (top + "/work", top + "/etc")
    }

    @Test func requestsForFilesOutsideTheWorkspaceAreRefused() throws {
        let (folder, outside) = workspace()
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.flourish", withDestinationPath: outside + "/x.flourish")
        let client = Client()
        _ = client.request("initialize", "{\"workspaceFolders\":[{\"uri\":\"file://\(folder)\",\"name\":\"w\"}],\"capabilities\":{}}")
        for uri in ["file://\(outside)/x.flourish", "file://\(folder)/link.flourish", "file://\(folder)/../etc/x.flourish"] {
            for method in ["textDocument/documentSymbol", "textDocument/inlayHint", "textDocument/hover", "textDocument/references"] {
                let reply = client.request(method, "{\"textDocument\":{\"uri\":\"\(uri)\"},\"position\":{\"line\":1,\"character\":9},"
                                           + "\"range\":{\"start\":{\"line\":0,\"character\":0},\"end\":{\"line\":9,\"character\":0}},\"context\":{\"includeDeclaration\":true}}")
                #expect(reply?["error"]?["code"]?.intValue == -32602, "\(method) \(uri)")
                #expect(reply?.compact().contains("SECRET") == false)
            }
        }
        // A ledger in the workspace is read from disk.
        let symbols = client.request("textDocument/documentSymbol", "{\"textDocument\":{\"uri\":\"file://\(folder)/budget.flourish\"}}")
        #expect(symbols?["result"]?.arrayValue?.isEmpty == false)
    }

    @Test func aBufferOutsideTheWorkspaceIncludesNothing() {
        let (folder, outside) = workspace()
        let client = Client()
        _ = client.request("initialize", "{\"rootUri\":\"file://\(folder)\",\"capabilities\":{}}")
        let text = "currency USD\ninclude \"shadow\"\ninclude \"x.flourish\"\n"
        let published = client.notify("textDocument/didOpen", "{\"textDocument\":{\"uri\":\"file://\(outside)/evil.flourish\",\"languageId\":\"flourish\",\"version\":1,\"text\":\(JSONValue.quote(text))}}")
        let codes = published.flatMap { $0["params"]?["diagnostics"]?.arrayValue ?? [] }.compactMap { $0["code"]?.stringValue }
        #expect(codes == ["include-outside", "include-outside"])
        #expect(!published.map { $0.compact() }.joined().contains("SECRET"))
    }

    @Test func theWorkspaceScanNeverFollowsALinkOut() throws {
        let (folder, outside) = workspace()
        // A link in the workspace to a main file outside that would include the open file.
        TestSupport.write("currency USD\naccount Outside checking\ninclude \"\(folder)/year.flourish\"\n", to: outside + "/main.flourish")
        try FileManager.default.createSymbolicLink(atPath: folder + "/main.flourish", withDestinationPath: outside + "/main.flourish")
        let year = "2026-01-02 * Lunch\n  Outside  1.00\n  Bank\n"
        TestSupport.write(year, to: folder + "/year.flourish")
        let client = Client()
        _ = client.request("initialize", "{\"rootUri\":\"file://\(folder)\",\"capabilities\":{}}")
        let published = client.notify("textDocument/didOpen", "{\"textDocument\":{\"uri\":\"file://\(folder)/year.flourish\",\"languageId\":\"flourish\",\"version\":1,\"text\":\(JSONValue.quote(year))}}")
        #expect(published.compactMap { $0["params"]?["uri"]?.stringValue } == ["file://\(folder)/year.flourish"])
    }

    /// Each malformed header is answered with an error and the next message is read.
    @Test(arguments: [
        "Content-Length: 9223372036854775807\r\n\r\n",
        "Content-Length: 99999999999999999999999999\r\n\r\n",
        "Content-Length: -5\r\n\r\n{\"x\":1}",
        "Content-Length: abc\r\n\r\n{}",
        "Content-Type: text/plain\r\n\r\n{}",
        "Content-Length: 3\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"shutdown\"}",
        "Content-Length: 67108865\r\n\r\n{\"jsonrpc\":\"2.0\"",
    ])
    func aMalformedHeaderNeverLosesTheFraming(header: String) {
        let server = LanguageServer(today: { CivilDate(year: 2026, month: 11, day: 22)! })
        var replies = bodies(server.receive(framed("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{}}")))
        replies += bodies(server.receive(Array(header.utf8)))
        replies += bodies(server.receive(framed("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"shutdown\"}")))
        replies += bodies(server.receive(framed("{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}")))
        #expect(replies.first?["id"]?.intValue == 1)
        #expect(replies.contains { $0["id"] == .null && $0["error"]?["code"]?.intValue == -32700 })
        #expect(replies.last?["id"]?.intValue == 2)
        #expect(replies.last?["result"] == .null)
        #expect(server.exitStatus == 0)
    }

    @Test func headersEndedByBareLineFeedsAreRead() {
        let server = LanguageServer(today: { CivilDate(year: 2026, month: 11, day: 22)! })
        let body = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{}}"
        let replies = bodies(server.receive(Array("Content-Length: \(body.utf8.count)\n\n\(body)".utf8)))
        #expect(replies.first?["id"]?.intValue == 1)
    }

    @Test func aMessageOverTheLimitIsSkippedWholeAndTheNextOneRead() {
        var framing = MessageFraming()
        let big = MessageFraming.maximumMessage + 10
        var items = framing.receive(Array("Content-Length: \(big)\r\n\r\n".utf8))
        // Its body, in pieces, with no header in it.
        for _ in 0..<(big / (1 << 20)) { items += framing.receive([UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)) }
        items += framing.receive(Array("Content-Length: 2\r\n\r\n{}".utf8))
        #expect(items == [.rejected("a message longer than 67108864 bytes, the most the server reads"), .message(Array("{}".utf8))])
        #expect(!framing.isWaiting)
    }

    @Test(arguments: ["eof", "directory", "nonblocking"])
    func theEndOfInputOrAReadErrorEndsTheServer(input: String) throws {
        let flourish = TestSupport.root + "/.build/debug/flourish"
        try #require(FileManager.default.isExecutableFile(atPath: flourish), "needs the flourish binary (swift build)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: flourish)
        process.arguments = ["lsp"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        var writer: Int32 = -1
        switch input {
        case "directory": process.standardInput = FileHandle(forReadingAtPath: "/")
        case "eof": process.standardInput = FileHandle.nullDevice
        default:
            var ends: [Int32] = [0, 0]
            #expect(pipe(&ends) == 0)
            _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
            process.standardInput = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
            writer = ends[1]
        }
        let started = ProcessInfo.processInfo.systemUptime
        try process.run()
        var ticks: Int?
        if writer >= 0 {
            Thread.sleep(forTimeInterval: 1)
            // Its CPU time so far (user + system, in clock ticks of 1/100 s), from /proc.
            if let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
               let close = stat.lastIndex(of: ")") {
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                ticks = (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
            }
            close(writer)
        }
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 1)
        #expect(message == (input == "directory" ? "flourish lsp: cannot read standard input: Is a directory\n"
                            : "flourish lsp: standard input ended before the client sent `exit`\n"))
        #expect(ProcessInfo.processInfo.systemUptime - started < 10)
        if input == "nonblocking" {
            // A second on an empty non-blocking pipe took (almost) no CPU: no spinning.
            let spent = try #require(ticks)
            #expect(spent < 50)
        }
    }

    /// Found by the server fuzz target: a code action for a range that ends before it starts.
    @Test func aRangeThatEndsBeforeItStartsIsAnEmptyAnswer() {
        let client = Client()
        _ = client.request("initialize", "{\"capabilities\":{}}")
        let uri = "file:///nonexistent-flourish-lsp/b.flourish"
        _ = client.notify("textDocument/didOpen", "{\"textDocument\":{\"uri\":\"\(uri)\",\"languageId\":\"flourish\",\"version\":1,\"text\":\"currency USD\\naccount Bank checking\\n\"}}")
        let reply = client.request("textDocument/codeAction", "{\"textDocument\":{\"uri\":\"\(uri)\"},\"range\":{\"start\":{\"line\":1,\"character\":0},"
                                   + "\"end\":{\"line\":0,\"character\":0}},\"context\":{\"diagnostics\":[]}}")
        #expect(reply?["result"] == .array([]))
    }
}
