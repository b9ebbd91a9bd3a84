/// `goal DATE NAME TARGET [by DEADLINE]`: a savings bucket with a target.
public struct Goal: Sendable {
    public var date: CivilDate
    public var name: NameRef
    public var target: Located<Money>
    public var deadline: Located<CivilDate>?
    public var location: SourceLocation
}
