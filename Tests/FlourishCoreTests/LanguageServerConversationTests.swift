import Foundation
import Testing
@testable import FlourishCore

/// Recorded conversations with `flourish lsp` (golden JSON-RPC, in `Fixtures/lsp`): each file
/// is the client's messages (`-->`, written by hand) with the server's replies (`<--`) after
/// the message that caused them. Replayed in-process, every reply must come where it stands
/// and as it is written, byte for byte; replayed through the real binary as a process, the
/// replies on its standard output must be those lines, in that order, and nothing else.
/// `FLOURISH_UPDATE_GOLDEN=1` writes the replies again.
@Suite struct LanguageServerConversationTests {
    static let folder = TestSupport.root + "/Tests/FlourishCoreTests/Fixtures/lsp"
    static let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".jsonrpc") }.sorted()
    static let today = "2026-11-22"

    /// The client's messages (bodies) and the recorded replies of a conversation file.
    static func read(_ name: String) -> (lines: [String], sent: [String], replies: [String]) {
        let text = (try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)) ?? ""
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        return (lines, lines.filter { $0.hasPrefix("--> ") }.map { String($0.dropFirst(4)) },
                lines.filter { $0.hasPrefix("<-- ") }.map { String($0.dropFirst(4)) })
    }

    static func frame(_ body: String) -> [UInt8] { Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8) }

    /// The bodies of the framed messages in `bytes`, as text, and what is left over.
    static func bodies(_ bytes: [UInt8]) -> (bodies: [String], rest: [UInt8]) {
        var rest = bytes[...]
        var bodies: [String] = []
        while let (body, used) = LanguageServer.frame(rest) {
            rest = rest.dropFirst(used)
            bodies.append(String(decoding: body, as: UTF8.self))
        }
        return (bodies, Array(rest))
    }

    @Test func thereAreConversations() {
        #expect(Self.names == ["editing.jsonrpc", "includes.jsonrpc", "lifecycle.jsonrpc"])
    }

    @Test(arguments: names)
    func inProcess(_ name: String) {
        let (lines, _, _) = Self.read(name)
        let server = LanguageServer(today: { CivilDate(year: 2026, month: 11, day: 22)! })
        var out: [String] = []
        for line in lines where !line.hasPrefix("<-- ") {
            out.append(line)
            guard line.hasPrefix("--> ") else { continue }
            let replies = Self.bodies(server.receive(Self.frame(String(line.dropFirst(4)))))
            #expect(replies.rest.isEmpty)
            out += replies.bodies.map { "<-- " + $0 }
        }
        let actual = out.joined(separator: "\n") + "\n"
        let (expected, written) = TestSupport.golden(Self.folder + "/" + name, actual)
        #expect(written == expected)
        #expect(server.exitStatus == 0)
    }

    /// The replies to requests, in order.
    static func answers(_ bodies: [String]) -> [String] {
        bodies.filter { body in
            guard let message = try? JSONParser.parse(Array(body.utf8)) else { return true }
            return message["method"] == nil
        }
    }

    /// The last problems published for each document.
    static func lastProblems(_ bodies: [String]) -> [String: String] {
        var last: [String: String] = [:]
        for body in bodies {
            guard let message = try? JSONParser.parse(Array(body.utf8)), message["method"]?.stringValue == "textDocument/publishDiagnostics",
                  let uri = message["params"]?["uri"]?.stringValue else { continue }
            last[uri] = body
        }
        return last
    }

    @Test(arguments: names)
    func asAProcess(_ name: String) throws {
        let binary = TestSupport.root + "/.build/debug/flourish"
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build flourish first (swift build)")
        let (_, sent, replies) = Self.read(name)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["lsp", "--today", Self.today]
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Written from another thread, so a full output pipe cannot stall the conversation.
        let writer = Thread {
            for body in sent { input.fileHandleForWriting.write(Data(Self.frame(body))) }
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let bytes = [UInt8](output.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        let (bodies, rest) = Self.bodies(bytes)
        // Messages that arrive together are one batch: the changes among them are checked once,
        // after it, so the problems published are the last of each document's, not one set a
        // change. The replies to requests are the same, in order.
        #expect(Self.answers(bodies) == Self.answers(replies))
        #expect(Self.lastProblems(bodies) == Self.lastProblems(replies))
        #expect(rest.isEmpty, "standard output holds something that isn't a message")
        #expect(process.terminationStatus == 0)
        #expect(errors.fileHandleForReading.readDataToEndOfFile().isEmpty)
    }
}
