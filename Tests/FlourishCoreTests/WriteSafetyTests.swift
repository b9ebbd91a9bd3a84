import Foundation
import Testing
@testable import FlourishCore

/// `fmt`, `add`, `import` and `report -o` never lose data: they write through symbolic links,
/// keep modes and hard links, refuse read-only files, take turns, and never overwrite an edit
/// made meanwhile.
@Suite struct WriteSafetyTests {
    static let ledger = "currency USD\naccount Bank checking\ncategory Food\nopening 2026-11-01 Bank 100.00\n"

    func folder() -> String { TestSupport.temporaryDirectory() }

    func mode(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? Int) ?? -1
    }

    @Test func writesGoThroughSymbolicLinksAndKeepTheMode() throws {
        let dir = folder()
        TestSupport.write(Self.ledger, to: dir + "/real.flourish")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: dir + "/real.flourish")
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.flourish", withDestinationPath: dir + "/real.flourish")
        let add = TestSupport.run(["add", "2026-11-23", "Lunch", "4.50", "Food", "--from", "Bank", "--file", dir + "/link.flourish"])
        #expect(add.status == .success)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/link.flourish") == dir + "/real.flourish")
        #expect(TestSupport.read(dir + "/real.flourish").contains("2026-11-23 * Lunch"))
        #expect(mode(dir + "/real.flourish") == 0o640)
        TestSupport.write(Self.ledger.replacingOccurrences(of: "Bank 100.00", with: "Bank   100.00"), to: dir + "/real.flourish")
        #expect(TestSupport.run(["fmt", dir + "/link.flourish"]).status == .success)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/link.flourish") == dir + "/real.flourish")
        #expect(TestSupport.read(dir + "/real.flourish").contains("opening 2026-11-01 Bank 100.00\n"))
        // report -o through a link too.
        TestSupport.write("old", to: dir + "/page.html")
        try FileManager.default.createSymbolicLink(atPath: dir + "/page-link.html", withDestinationPath: dir + "/page.html")
        #expect(TestSupport.run(["report", "dashboard", dir + "/real.flourish", "--format", "html", "-o", dir + "/page-link.html", "--force"]).status == .success)
        #expect(TestSupport.read(dir + "/page.html").hasPrefix("<!DOCTYPE html>"))
    }

    @Test func hardLinksStayLinked() throws {
        let dir = folder()
        TestSupport.write(Self.ledger, to: dir + "/a.flourish")
        try FileManager.default.linkItem(atPath: dir + "/a.flourish", toPath: dir + "/b.flourish")
        #expect(TestSupport.run(["add", "2026-11-23", "Lunch", "4.50", "Food", "--from", "Bank", "--file", dir + "/a.flourish"]).status == .success)
        #expect(TestSupport.read(dir + "/b.flourish").contains("2026-11-23 * Lunch"))
    }

    @Test func aReadOnlyFileIsRefusedWithNothingWritten() throws {
        let dir = folder()
        TestSupport.write(Self.ledger + "opening 2026-11-01  Bank 1\n", to: dir + "/ro.flourish")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: dir + "/ro.flourish")
        let before = TestSupport.read(dir + "/ro.flourish")
        let add = TestSupport.run(["add", "2026-11-23", "Lunch", "4.50", "Food", "--from", "Bank", "--file", dir + "/ro.flourish"])
        #expect(add.status == .ioError)
        #expect(add.stderr == "Error: cannot write '\(dir)/ro.flourish': the file is read-only; nothing was written\n")
        let fmt = TestSupport.run(["fmt", dir + "/ro.flourish"])
        #expect(fmt.status == .ioError)
        #expect(TestSupport.read(dir + "/ro.flourish") == before)
        #expect(mode(dir + "/ro.flourish") == 0o444)
    }

    @Test func twoAddsAtOnceBothLand() {
        let dir = folder()
        TestSupport.write(Self.ledger, to: dir + "/shared.flourish")
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            let status = TestSupport.run(["add", "2026-11-23", "Lunch \(index)", "1.00", "Food", "--from", "Bank",
                                          "--file", dir + "/shared.flourish"]).status
            results.add(status)
        }
        #expect(results.all == [ExitCode](repeating: .success, count: 8))
        let text = TestSupport.read(dir + "/shared.flourish")
        for index in 0..<8 { #expect(text.contains("2026-11-23 * Lunch \(index)\n"), "entry \(index) lost") }
    }

    @Test func anEditMadeMeanwhileIsNeverOverwritten() throws {
        let dir = folder()
        TestSupport.write(Self.ledger, to: dir + "/l.flourish")
        let edit = try FileEdit(dir + "/l.flourish")
        // The editor saves while the command works.
        let saved = Self.ledger + "; a note typed in the editor\n"
        Array(saved.utf8).withUnsafeBufferPointer { buffer in
            let fd = open(dir + "/l.flourish", O_WRONLY | O_TRUNC)
            _ = write(fd, buffer.baseAddress, buffer.count)
            close(fd)
        }
        #expect(throws: FileEdit.Failure.self) { try edit.commit(Array("replaced".utf8), doing: "`fmt`") }
        do { try edit.commit(Array("replaced".utf8), doing: "`fmt`") } catch {
            #expect(error.reason == "the file changed while `fmt` ran — nothing was written")
        }
        #expect(TestSupport.read(dir + "/l.flourish") == saved)
    }

    @Test func temporaryFilesFromACrashAreCleanedUp() throws {
        let dir = folder()
        TestSupport.write(String(repeating: "x", count: 10), to: dir + "/c.flourish.flourish-tmp-AbC123")
        // Older than the file and no larger: a stale temporary file, removed.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)],
                                              ofItemAtPath: dir + "/c.flourish.flourish-tmp-AbC123")
        TestSupport.write(Self.ledger.replacingOccurrences(of: "Bank 100.00", with: "Bank   100.00"), to: dir + "/c.flourish")
        #expect(TestSupport.run(["fmt", dir + "/c.flourish"]).status == .success)
        #expect(!FileManager.default.fileExists(atPath: dir + "/c.flourish.flourish-tmp-AbC123"))
        #expect((try? FileManager.default.contentsOfDirectory(atPath: dir))?.sorted() == ["c.flourish"])
    }

    /// A rewrite in place (hard links) cut short: the file may be torn, the leftover copy is
    /// complete. It is named, never deleted, and nothing is written until the user decides.
    @Test func aLeftoverCopyNewerOrLargerThanTheFileIsKeptAndNamed() throws {
        let dir = folder()
        let complete = Self.ledger + "\n2026-11-23 * Lunch\n  Food  4.50\n  Bank\n"
        TestSupport.write("", to: dir + "/h.flourish")
        TestSupport.write(complete, to: dir + "/h.flourish.flourish-tmp-inplace")
        let add = TestSupport.run(["add", "2026-11-24", "Tea", "1", "Food", "--from", "Bank", "--file", dir + "/h.flourish"])
        #expect(add.status == .ioError)
        #expect(add.stderr == "Error: cannot write '\(dir)/h.flourish': '\(dir)/h.flourish.flourish-tmp-inplace' is left from a write that was cut short "
                + "and is newer or larger than the file: it may be the only complete copy. Compare the two, keep the right one, delete the other, "
                + "and run the command again; nothing was written\n")
        #expect(TestSupport.read(dir + "/h.flourish.flourish-tmp-inplace") == complete)
        #expect(TestSupport.read(dir + "/h.flourish") == "")
    }

    /// Hard links are rewritten in place only after the complete new content is on disk beside
    /// the file, and the file is written over (then cut), never emptied first.
    @Test func aRewriteInPlaceNeverLeavesTheOnlyCopyEmpty() throws {
        let dir = folder()
        TestSupport.write(Self.ledger + "; a long comment that makes the old content longer than the new one\n", to: dir + "/a.flourish")
        try FileManager.default.linkItem(atPath: dir + "/a.flourish", toPath: dir + "/b.flourish")
        let edit = try FileEdit(dir + "/a.flourish")
        var seen: (file: String, copies: [String])?
        edit.beforeReplacing = {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
            seen = (TestSupport.read(dir + "/b.flourish"),
                    names.filter { $0.contains(".flourish-tmp-") }.map { TestSupport.read(dir + "/" + $0) })
        }
        try edit.commit(Array(Self.ledger.utf8), doing: "`fmt`")
        // Just before the file is touched, the new content is complete beside it.
        #expect(seen?.copies == [Self.ledger])
        #expect(seen?.file.hasPrefix(Self.ledger) == true)
        #expect(TestSupport.read(dir + "/b.flourish") == Self.ledger)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: dir))?.sorted() == ["a.flourish", "b.flourish"])
    }

    /// An edit landing after the temporary file is written, before the rename, is seen.
    @Test func anEditMadeWhileTheNewContentIsWrittenIsNeverOverwritten() throws {
        for links in [1, 2] {
            let dir = folder()
            TestSupport.write(Self.ledger, to: dir + "/l.flourish")
            if links == 2 { try FileManager.default.linkItem(atPath: dir + "/l.flourish", toPath: dir + "/other.flourish") }
            let edit = try FileEdit(dir + "/l.flourish")
            let saved = Self.ledger + "; saved by the editor\n"
            edit.beforeReplacing = { TestSupport.write(saved, to: dir + "/l.flourish") }
            do {
                try edit.commit(Array((Self.ledger + "; added\n").utf8), doing: "`add`")
                Issue.record("an edit made meanwhile was overwritten")
            } catch {
                #expect(error.reason == "the file changed while `add` ran — nothing was written")
            }
            #expect(TestSupport.read(dir + "/l.flourish") == saved)
            #expect((try? FileManager.default.contentsOfDirectory(atPath: dir))?.contains { $0.contains("flourish-tmp") } == false)
        }
    }

    @Test func outputNeverReplacesTheLedgerOrAnExistingFileWithoutForce() throws {
        let dir = folder()
        TestSupport.write(Self.ledger + "include \"more.flourish\"\n", to: dir + "/budget.flourish")
        TestSupport.write("category Rent\n", to: dir + "/more.flourish")
        let before = TestSupport.read(dir + "/budget.flourish")
        for force in [[], ["--force"]] {
            let own = TestSupport.run(["report", "balances", dir + "/budget.flourish", "-o", dir + "/budget.flourish"] + force)
            #expect(own.status == .usage)
            #expect(own.stderr.hasPrefix("Error: -o \(dir)/budget.flourish is the ledger being reported on; Flourish never writes over what it reads\n"))
            let included = TestSupport.run(["report", "balances", dir + "/budget.flourish", "-o", dir + "/more.flourish", "--force"] + force)
            #expect(included.status == .usage)
            #expect(included.stderr.hasPrefix("Error: -o \(dir)/more.flourish is a file it includes (\(dir)/more.flourish); Flourish never writes over what it reads\n"))
        }
        #expect(TestSupport.read(dir + "/budget.flourish") == before)
        #expect(TestSupport.read(dir + "/more.flourish") == "category Rent\n")
        TestSupport.write("keep me", to: dir + "/notes.txt")
        let existing = TestSupport.run(["report", "balances", dir + "/budget.flourish", "-o", dir + "/notes.txt"])
        #expect(existing.status == .usage)
        #expect(existing.stderr.hasPrefix("Error: -o \(dir)/notes.txt exists; add --force to replace it\n"))
        #expect(TestSupport.read(dir + "/notes.txt") == "keep me")
        #expect(TestSupport.run(["report", "balances", dir + "/budget.flourish", "-o", dir + "/notes.txt", "--force"]).status == .success)
        #expect(TestSupport.read(dir + "/notes.txt").contains("Bank"))
        // convert: an existing ledger is replaced only with --force, never when read-only.
        TestSupport.write("2026-01-01 Coffee\n    Expenses:Food  3.00 USD\n    Assets:Bank\n", to: dir + "/in.journal")
        let convert = TestSupport.run(["convert", "journal", dir + "/in.journal", "-o", dir + "/budget.flourish"])
        #expect(convert.status == .usage)
        #expect(convert.stderr == "Error: -o \(dir)/budget.flourish exists; add --force to replace it\n")
        #expect(TestSupport.read(dir + "/budget.flourish") == before)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: dir + "/budget.flourish")
        let readOnly = TestSupport.run(["convert", "journal", dir + "/in.journal", "-o", dir + "/budget.flourish", "--force"])
        #expect(readOnly.status == .ioError)
        #expect(readOnly.stderr.contains("Error: cannot write '\(dir)/budget.flourish': the file is read-only; nothing was written\n"))
        #expect(TestSupport.read(dir + "/budget.flourish") == before)
    }

    @Test func importKeysCountOnlyInTheirOwnComment() throws {
        let dir = folder()
        // A description that mentions a key, and a comment line with one, are not that row.
        TestSupport.write(Self.ledger + """

        2026-11-20 "see import:abc123 for details"
          Food  1.00
          Bank
        ; import:0a4a4e816780da9a

        """, to: dir + "/l.flourish")
        let journal = TestSupport.book(try LedgerLoader.load(paths: [dir + "/l.flourish"]))
        #expect(Importer.existingKeys(journal.ledger).isEmpty)
        let own = TestSupport.book(TestSupport.load("2026-11-20 Coffee  ; import:0a4a4e816780da9a\n  Food  1\n  Bank\n"))
        #expect(Importer.existingKeys(own.ledger) == ["0a4a4e816780da9a"])
    }

    @Test func anEmptyDescriptionWritesACanonicalLine() {
        let dir = folder()
        TestSupport.write(Self.ledger, to: dir + "/e.flourish")
        #expect(TestSupport.run(["add", "2026-11-23", "", "1", "Food", "--from", "Bank", "--file", dir + "/e.flourish"]).status == .success)
        #expect(TestSupport.run(["fmt", "--check", dir + "/e.flourish"]).status == .success)
        #expect(TestSupport.read(dir + "/e.flourish").hasSuffix("\n2026-11-23 *\n  Food  1\n  Bank\n"))
    }
}

/// Exit statuses gathered from several threads.
final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var statuses: [ExitCode] = []

    func add(_ status: ExitCode) {
        lock.lock()
        statuses.append(status)
        lock.unlock()
    }

    var all: [ExitCode] {
        lock.lock()
        defer { lock.unlock() }
        return statuses
    }
}
