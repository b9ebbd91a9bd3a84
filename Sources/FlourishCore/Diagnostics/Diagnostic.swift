/// One problem found in a ledger, as a value: what, where, and related places.
///
/// Diagnostics are collected by every stage and rendered once, at the edge, by
/// `DiagnosticRenderer`.
public struct Diagnostic: Sendable {
    public enum Severity: String, Sendable {
        case error, warning, note
    }

    /// A related place worth showing (the first declaration of a duplicate, say).
    public struct Note: Sendable {
        public var message: String
        public var location: SourceLocation
    }

    public var problem: Problem
    public var location: SourceLocation
    public var notes: [Note]

    public init(_ problem: Problem, at location: SourceLocation, notes: [Note] = []) {
        self.problem = problem
        self.location = location
        self.notes = notes
    }

    public var severity: Severity { problem.severity }
    public var id: String { problem.id }
    public var message: String { problem.message }
    public var hint: String? { problem.hint }
}
