/// `move DATE AMOUNT to|from GOAL`: money set aside into a goal bucket, or released from it.
public struct GoalMove: Sendable {
    public enum Direction: String, CaseIterable, Sendable {
        case to, from
    }

    public var date: CivilDate
    public var amount: Located<Money>
    public var direction: Direction
    public var goal: NameRef
    public var location: SourceLocation
}
