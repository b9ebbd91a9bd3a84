/// `include "path"`: another file read in place, relative to the including file.
public struct Include: Sendable {
    public var path: String
    public var location: SourceLocation
    /// Index of the included file in `Ledger.files`, when it could be read.
    public var file: Int?
}
