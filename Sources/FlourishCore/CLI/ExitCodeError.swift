/// An exit status carried as an error, when a step has already said what went wrong.
struct ExitCodeError: Error {
    var code: ExitCode
}
