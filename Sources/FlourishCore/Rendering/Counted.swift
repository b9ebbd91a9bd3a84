/// "1 entry", "2 entries": a count with its noun, for messages and pages.
func counted(_ count: Int, _ singular: String, _ plural: String) -> String {
    "\(count) \(count == 1 ? singular : plural)"
}
