import FlourishCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Wiring only: the command line in, the exit status out. Everything else is in FlourishCore.
// Ledger files are mapped, and one cut short while mapped is reported, not a crash (MappedFiles).
MappedFiles.enable()
// A server keeps the memory it frees for its next request (ServerMemory).
if let command = CommandLine.arguments.dropFirst().first, Flourish.servers.contains(command) {
    ServerMemory.keepFreedMemory()
}
var environment: [String: String] = [:]
var pointer = environ
while let entry = pointer.pointee {
    let pair = String(cString: entry)
    if let equals = pair.firstIndex(of: "=") {
        environment[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
    }
    pointer += 1
}
let stdout = StandardOutput(descriptor: 1)
let stderr = StandardOutput(descriptor: 2)
let status = Flourish.run(arguments: Array(CommandLine.arguments.dropFirst()), environment: environment,
                          stdout: stdout, stderr: stderr, input: {
                              stdout.flush()  // the question before the answer
                              return readLine(strippingNewline: true)
                          }, inputIsTerminal: isatty(0) != 0)
stdout.flush()
stderr.flush()
exit(status.rawValue)
