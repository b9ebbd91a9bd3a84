/// The ledger files a command read, kept to ask at its end whether one was cut short while
/// it was read (`MappedFiles.wasCutShort`).
final class ReadFiles {
    private var files: [SourceFile] = []

    func note(_ read: [SourceFile]) { files += read }

    var cutShort: Bool { files.contains { MappedFiles.wasCutShort($0.bytes) } }
}
