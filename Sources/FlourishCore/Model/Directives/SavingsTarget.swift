/// `savings-target DATE PERCENT%`: the share of income one means to save, from DATE on.
public struct SavingsTarget: Sendable {
    public var date: CivilDate
    /// Hundredths of a percent: `12.5%` is 1250.
    public var basisPoints: Located<Int>
    public var location: SourceLocation
}
