import Testing
@testable import FlourishCore
#if canImport(Glibc)
import Glibc
#endif

/// Ledger files are mapped, not copied, once a program enables it (`MappedFiles.enable`, as the
/// `flourish` executable does): the bytes are the file's, a slice keeps them alive, and a file
/// cut short while mapped reads as zeros past its new end and is marked, instead of stopping
/// the process.
@Suite struct MappedFileTests {
    init() { MappedFiles.enable() }

    /// Three pages and a bit of ledger text, different at every place.
    func text() -> [UInt8] {
        var bytes: [UInt8] = []
        var line = 0
        while bytes.count < 3 * 4096 + 100 {
            bytes += Array("2026-01-\(String(format: "%02d", line % 28 + 1)) line \(line)\n  Food  1.00\n  Cash\n\n".utf8)
            line += 1
        }
        return bytes
    }

    /// `text()` written to a file in a fresh folder: its path and bytes.
    func writtenFile() -> (path: String, bytes: [UInt8]) {
        let path = TestSupport.temporaryDirectory() + "/ledger.flourish"
        let bytes = text()
        TestSupport.write(String(decoding: bytes, as: UTF8.self), to: path)
        return (path, bytes)
    }

    @Test func aMappedFileHasTheFilesBytes() throws {
        let (path, written) = writtenFile()
        let mapped = try FileSystem.readSource(path)
        #expect(Array(mapped) == written)
        #expect(mapped.withUnsafeBufferPointer { Array($0) } == written)
        #expect(!MappedFiles.wasCutShort(mapped))
        #if canImport(Glibc)
        #expect(mapped.storage.mapping != nil)
        // Counted among the bytes mapped while it is (a long output gives pages back each time
        // a quarter of that is written, `OutputBlock.flushIfFull`).
        #expect(MappedFiles.mappedBytes >= mapped.count)
        #endif
        // An empty file is empty.
        TestSupport.write("", to: path + ".empty")
        #expect(try FileSystem.readSource(path + ".empty").isEmpty)
    }

    /// Pages given back after parsing come back from the file cache with the same bytes.
    @Test func pagesGivenBackReadTheSameBytes() throws {
        let (path, written) = writtenFile()
        let mapped = try FileSystem.readSource(path)
        #expect(Array(mapped) == written)
        MappedFiles.releasePages(of: mapped)
        #expect(Array(mapped) == written)
        let parsed = LedgerLoader.parse(SourceFile(path: path, bytes: mapped), fileIndex: 0)
        #expect(parsed.ledger.entries.count > 100)
        #expect(parsed.ledger.description(of: parsed.ledger.entries[3]) == "line 3")
        #expect(Array(mapped) == written)
    }

    /// A slice outlives the file it came from.
    @Test func aSliceKeepsItsBytesAlive() {
        func slice() -> Slice<SourceBytes> { SourceFile(path: "x", text: "hello, world").bytes[7..<12] }
        let kept = slice()
        #expect(String(decoding: kept, as: UTF8.self) == "world")
    }

    #if canImport(Glibc)
    /// Cut short while mapped: the bytes up to the new end are as they were, the rest read as
    /// zeros, and the file (only that one) is marked.
    @Test func aFileCutShortWhileMappedReadsAsZerosAndIsMarked() throws {
        let folder = TestSupport.temporaryDirectory()
        let written = text()
        TestSupport.write(String(decoding: written, as: UTF8.self), to: folder + "/cut.flourish")
        TestSupport.write(String(decoding: written, as: UTF8.self), to: folder + "/kept.flourish")
        let cut = try FileSystem.readSource(folder + "/cut.flourish")
        let kept = try FileSystem.readSource(folder + "/kept.flourish")
        #expect(truncate(folder + "/cut.flourish", 10) == 0)
        let after = Array(cut)
        #expect(Array(after.prefix(10)) == Array(written.prefix(10)))
        #expect(after.dropFirst(10).allSatisfy { $0 == 0 })
        #expect(after.count == written.count)
        #expect(MappedFiles.wasCutShort(cut))
        #expect(Array(kept) == written)
        #expect(!MappedFiles.wasCutShort(kept))
    }

    /// What a command read is asked at its end whether a file was cut short (the command line
    /// then says so and fails).
    @Test func theFilesACommandReadTellWhetherOneWasCutShort() throws {
        let folder = TestSupport.temporaryDirectory()
        TestSupport.write(String(decoding: text(), as: UTF8.self), to: folder + "/year.flourish")
        let file = SourceFile(path: folder + "/year.flourish", bytes: try FileSystem.readSource(folder + "/year.flourish"))
        let read = ReadFiles()
        read.note([file])
        #expect(!read.cutShort)
        #expect(truncate(folder + "/year.flourish", 0) == 0)
        #expect(Array(file.bytes).allSatisfy { $0 == 0 })
        #expect(read.cutShort)
    }
    #endif
}
