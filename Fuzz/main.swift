// The libFuzzer entry point: built by Fuzz/run together with FlourishCore's sources into one
// module (swiftc -sanitize=fuzzer), never by `swift build` or `swift test`. The target is
// chosen by FLOURISH_FUZZ_TARGET (parse, check, fmt, report, export, csv, rules).

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let target: @Sendable ([UInt8]) -> Void = {
    let name = getenv("FLOURISH_FUZZ_TARGET").map { String(cString: $0) } ?? "check"
    guard let found = FuzzTargets.all.first(where: { $0.name == name }) else {
        fatalError("unknown FLOURISH_FUZZ_TARGET \(name)")
    }
    return found.run
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    target(bytes)
    return 0
}
