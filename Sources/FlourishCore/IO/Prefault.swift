#if canImport(Glibc)
import Glibc
#endif

/// Memory about to be written from end to end — a file's stretches of the shared split lines
/// and entries, booking's order of the journal, the tags gathered by linking — is asked of the
/// system in one call (`madvise(MADV_POPULATE_WRITE)`, Linux 5.14) instead of a page fault at
/// each of its 4 KB pages: the same pages, zeroed the same, without a trap into the kernel for
/// each. A file's stretches are asked for by the worker that parses it, so the work stays
/// spread over the cores as the faults were. Where the call is not known the memory is the same
/// and faults in as before.
///
/// (Large pages were tried: far fewer faults, and quicker when runs follow one another, but on
/// a virtual machine that hands freed memory back to its host the first run after a pause
/// waited for the host to back each large page again — `BENCHMARKS.md`.)
enum Prefault {
    /// Below this, a few faults cost less than the call.
    static let least = 64 << 10

    /// The whole pages of `buffer` made present and writable, zeroed where they were not yet.
    static func write(_ buffer: UnsafeMutableRawBufferPointer) {
        #if os(Linux)
        guard let base = buffer.baseAddress, buffer.count >= least else { return }
        let page = 4096
        let start = (Int(bitPattern: base) + page - 1) & ~(page - 1)
        let end = (Int(bitPattern: base) + buffer.count) & ~(page - 1)
        guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(pointer, end - start, populateWrite)
        #endif
    }

    #if os(Linux)
    /// `MADV_POPULATE_WRITE`, which the C library's headers may not name yet.
    private static let populateWrite: Int32 = 23
    #endif
}

extension Array {
    /// An empty list with room for `count` items, its pages made present (`Prefault`): for a
    /// long list filled once, end to end.
    static func prefaulted(reserving count: Int) -> [Element] {
        [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = 0
            Prefault.write(UnsafeMutableRawBufferPointer(buffer))
        }
    }
}
